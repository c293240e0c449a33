import { readConfig } from "./env.ts";

/**
 * The handlers' configuration, read from the environment once per container. A missing or malformed variable throws
 * here, at start, naming the variable, so a bad deploy fails its first request with a clear log line rather than
 * sending half a lead.
 *
 * Environment contract (set by server/lambda-env.ts locally and by the CDK stack in production; both build it with
 * `leadEnvironment()` from lambdas/shared/env.ts, which reads nothing itself and is safe to import from infra/):
 *
 * | variable              | required | value                                                                        |
 * |-----------------------|----------|------------------------------------------------------------------------------|
 * | `SENDER_EMAIL`        | yes      | verified SES identity the mails are sent from (From)                         |
 * | `RECIPIENT_EMAIL`     | yes      | the vendor's inbox, content/site.yaml `contact.email` (To of every lead)     |
 * | `AWS_REGION`          | yes      | region of the SES identity; Lambda sets it to the function's region          |
 * | `SES_ENDPOINT`        | no       | local runs only: the SES emulator's URL, e.g. `http://127.0.0.1:8005`        |
 * | `SITE_NAME`           | yes      | content/site.yaml `name`: subjects, sender name, the visitor's confirmation  |
 * | `SITE_URL`            | yes      | content/site.yaml `url`                                                      |
 * | `LEAD_CATALOGUE`      | yes      | JSON `{"products":[{"id","name"}…],"packages":[{"id","name"}…]}`, about 0.5 KB |
 * | `ACKNOWLEDGE_VISITOR` | no       | `"true"` (default) / `"false"`: content/site.yaml `leads.acknowledge`        |
 * | `LOG_LEVEL`           | no       | `debug`, `info` (default), `warn`, `error`, `silent`                         |
 *
 * The function's role needs `ses:SendEmail` on the sender's identity (and on the visitor's address when the
 * account is still in the SES sandbox, which only delivers to verified addresses).
 */
export const config = readConfig(process.env);

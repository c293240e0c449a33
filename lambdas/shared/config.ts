import { readConfig } from "./env.ts";

/**
 * The lead functions' configuration, read from the environment once per container. A missing or malformed variable throws
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
 * | `LEADS_TABLE_NAME`    | yes      | the DynamoDB table every lead is stored in before it is mailed               |
 * | `LEAD_QUEUE_URL`      | yes      | the SQS retry queue feeding deliver-lead; `in-process` for the local server  |
 * | `DYNAMODB_ENDPOINT`   | no       | local runs only: dynalite's URL, e.g. `http://127.0.0.1:8006`                |
 * | `SES_CONFIGURATION_SET` | no     | configuration set publishing send events, bounces and complaints             |
 * | `ACK_DAILY_LIMIT`     | no       | acknowledgements per recipient address (normalised) per UTC day (default 3)  |
 * | `ACK_CLIENT_HOURLY_LIMIT` | no   | acknowledgements for leads from one client address per UTC hour (default 10) |
 * | `SEND_EVENT_WAIT_SECONDS` | no   | pause an `unknown` lead waits for its SES send event before a retry (300)    |
 * | `SES_RETRY_PAUSE_MS`  | no       | ms the mailer waits before retrying a throttled or failed send (100, doubling) |
 * | `LEAD_RATE_LIMIT`     | no       | leads per client address per hour before the rest go to the spam folder (10)  |
 * | `LEAD_RETENTION_DAYS` | no       | days a stored lead is kept, the table's TTL (default 365; site.yaml)         |
 *
 * The function's role needs `ses:SendEmail` on the sender's identity (and on the visitor's address when the
 * account is still in the SES sandbox, which only delivers to verified addresses), `dynamodb:PutItem`, `GetItem`,
 * `UpdateItem` and `Query` (on the table and its index) and `sqs:SendMessage` on the queue; deliver-lead also
 * receives from the queue.
 */
export const config = readConfig(process.env);

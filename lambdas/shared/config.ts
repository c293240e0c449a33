import { readConfig } from "./env.ts";

/**
 * The lead functions' configuration, read from the environment once per container. A missing or malformed variable throws
 * here, at start, naming the variable, so a bad deploy fails its first request with a clear log line rather than
 * sending half a lead.
 *
 * The variables are LEAD_ENV's (lambdas/shared/env.ts, with what each holds): server/lambda-env.ts locally and the
 * CDK stack in production both build them with `leadEnvironment()`, which reads nothing itself and is safe to import
 * from infra/.
 *
 * The function's role needs `ses:SendEmail` on the sender's identity (and on the visitor's address when the
 * account is still in the SES sandbox, which only delivers to verified addresses), `dynamodb:PutItem`, `GetItem`,
 * `UpdateItem` and `Query` (on the table and its index) and `sqs:SendMessage` on the queue; deliver-lead also
 * receives from the queue.
 */
export const config = readConfig(process.env);

import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from "aws-lambda";
import { config } from "../shared/config.ts";
import { invocationDeadline } from "../shared/deadline.ts";
import { DELIVERY } from "../shared/delivery.ts";
import { createSesListMailer, withListMail } from "../shared/list-mailer.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { DELIVER_LEAD_FUNCTION, deliverBatch, formMails, sweep as sweepLeads } from "./deliver-lead.ts";

const runtime = leadRuntime(config, DELIVER_LEAD_FUNCTION);
// The newsletter's confirmations carry List-Unsubscribe headers, which only SES v2 sends.
const deps = { ...runtime, mailer: withListMail(runtime.mailer, createSesListMailer({ region: config.region, endpoint: config.sesEndpoint, configurationSet: config.sesConfigurationSet })) };
const forms = formMails(config.catalogue);
const webhook = config.leadWebhookUrl
  ? {
      url: config.leadWebhookUrl,
      store: deps.store,
      client: new DynamoDBClient({ region: config.region, endpoint: config.dynamoEndpoint, maxAttempts: 3 }),
      tableName: config.leadsTableName,
      log: deps.log,
      siteName: config.siteName,
    }
  : undefined;

/** The retry queue's consumer (SQS, batch size 5): mails each stored lead the form handler could not. */
export async function handler(event: SQSEvent, context?: Partial<Context>): Promise<SQSBatchResponse> {
  const deadline = invocationDeadline(context, DELIVERY.deliverFunctionTimeoutMs);
  return deliverBatch(event, deps, forms, deadline, context?.awsRequestId ?? "deliver", webhook);
}

/** Every 5 minutes (EventBridge): re-enqueues leads left received or failed for over 2 minutes. */
export async function sweep(_event: Partial<ScheduledEvent>, context?: Partial<Context>): Promise<{ enqueued: number }> {
  return { enqueued: await sweepLeads(deps, {}, context?.awsRequestId ?? "sweep") };
}

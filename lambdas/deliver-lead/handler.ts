import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from "aws-lambda";
import { config } from "../shared/config.ts";
import { invocationDeadline } from "../shared/deadline.ts";
import { DELIVERY } from "../shared/delivery.ts";
import { webhookSigningSecret, webhookUrl } from "../shared/lead-webhook.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { secretsManagerReader } from "../shared/secret-value.ts";
import { sendSpamDigest } from "../shared/spam-digest.ts";
import {
  DELIVER_LEAD_FUNCTION,
  deliverBatch,
  formMails,
  recordSendEvent,
  sweep as sweepLeads,
} from "./deliver-lead.ts";

const deps = leadRuntime(config, DELIVER_LEAD_FUNCTION);
const forms = formMails(config.catalogue);
// The URL is read when the first post is due, not at start: a secret not set yet fails posts (retried), never mails.
const webhook = config.leadWebhook
  ? {
      url: webhookUrl(config.leadWebhook, secretsManagerReader(config.region)),
      signingSecret: webhookSigningSecret(config.leadWebhookSigning, secretsManagerReader(config.region)),
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

/** Every 5 minutes (EventBridge): re-enqueues leads left unmailed for over 2 minutes. */
export async function sweep(
  _event: Partial<ScheduledEvent>,
  context?: Partial<Context>,
): Promise<{ enqueued: number }> {
  return {
    enqueued: await sweepLeads(deps, { sendEventWaitMs: config.sendEventWaitMs }, context?.awsRequestId ?? "sweep"),
  };
}

/**
 * At a local server's start: every unmailed lead whose lease has expired, whatever its age (the process that held
 * the others is gone). Not wired in AWS, where no restart loses the queue.
 */
export async function sweepAtStart(): Promise<{ enqueued: number }> {
  return {
    enqueued: await sweepLeads(deps, { olderThanMs: 0, sendEventWaitMs: config.sendEventWaitMs }, "sweep-at-start"),
  };
}

/** SES send events of the configuration set (EventBridge): the vendor's copy of a lead went out, so it is mailed. */
export async function mailEvent(event: unknown, context?: Partial<Context>): Promise<{ marked: string | undefined }> {
  const deadline = invocationDeadline(context, DELIVERY.deliverFunctionTimeoutMs);
  return { marked: await recordSendEvent(event, deps, forms, deadline, context?.awsRequestId ?? "mail-event") };
}

/**
 * Once a day (EventBridge): mails the vendor the spam folder's new leads, if any, each with its release command
 * (lambdas/shared/spam-digest.ts). STACK_NAME is set on this function only, for the command's --stack.
 */
export async function spamDigest(_event: Partial<ScheduledEvent>): Promise<{ outcome: string }> {
  const stack = process.env.STACK_NAME;
  const result = await sendSpamDigest({
    ...deps,
    client: new DynamoDBClient({ region: config.region, endpoint: config.dynamoEndpoint, maxAttempts: 3 }),
    tableName: config.leadsTableName,
    releaseCommand: (id) => `npm run leads -- release ${id}${stack ? ` --stack ${stack}` : ""}`,
    listCommand: (since) => `npm run leads -- --status spam --since ${since}${stack ? ` --stack ${stack}` : ""}`,
  });
  return { outcome: result.outcome };
}

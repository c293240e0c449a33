import {
  ConditionalCheckFailedException,
  type DynamoDBClient,
  GetItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import type { LeadRecord } from "./lead-record.ts";
import { leadKey, type LeadStore } from "./lead-store.ts";
import type { Logger } from "./log.ts";

/**
 * Lead notifications where the team works: deliver-lead posts each mailed lead to LEAD_WEBHOOK_URL as JSON, a
 * Slack-compatible `text` plus the lead itself. It runs from the retry queue (a message of kind "webhook" that
 * delivery.ts enqueues after the vendor's mail), so a failing receiver is retried by SQS and ends in the dead-letter
 * queue like any mail, and never touches the visitor's answer. `webhookAt` on the lead keeps it to one post.
 */

/** A receiver that has not answered by then counts as failed; the queue tries again. */
const WEBHOOK_TIMEOUT_MS = 5_000;

export interface WebhookDeps {
  url: string;
  store: Pick<LeadStore, "get">;
  client: DynamoDBClient;
  tableName: string;
  log: Logger;
  siteName: string;
}

/**
 * What a visitor typed, as plain text in Slack's `text`: its control characters escaped, so a name such as
 * `<!channel>` or `<https://…|Open lead>` shows as typed instead of pinging the channel or disguising a link.
 */
const plain = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The body posted for one lead: `text` for chat, `lead` with the fields as the visitor sent them. */
export function webhookPayload(lead: LeadRecord, siteName: string) {
  const what = lead.form.replace(/^send-/, "").replaceAll("-", " ");
  const topic = [lead.lead.product, lead.lead.package, lead.lead.subject].filter(Boolean).join(", ");
  const from = plain(lead.lead.name ?? "a visitor");
  const replyTo = plain(lead.lead.email ?? "the address in the mail");
  return {
    text: `New ${what} on ${plain(siteName)} from ${from}${topic ? ` (${plain(topic)})` : ""}: reply to ${replyTo}. Lead ${lead.submissionId}.`,
    lead: { submissionId: lead.submissionId, form: lead.form, receivedAt: lead.receivedAt, fields: lead.lead },
  };
}

/**
 * Posts one lead. "sent" (now or before), "gone" (no such lead: nothing to retry), or "failed" (the caller reports
 * the message back to the queue).
 */
export async function deliverWebhook(
  submissionId: string,
  deps: WebhookDeps,
  requestId: string,
): Promise<"sent" | "gone" | "failed"> {
  const { client, tableName, log } = deps;
  const key = { pk: { S: leadKey(submissionId) } };
  const seen = await client.send(
    new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true, ProjectionExpression: "webhookAt" }),
  );
  if (seen.Item?.webhookAt) return "sent";
  const lead = await deps.store.get(submissionId);
  if (!lead) return "gone";
  try {
    const response = await fetch(deps.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(webhookPayload(lead, deps.siteName)),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!response.ok)
      throw Object.assign(new Error(`webhook answered ${response.status}`), { code: `HTTP${response.status}` });
  } catch (error) {
    const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    log.warn({
      requestId,
      submissionId,
      outcome: "webhook-failed",
      error: typeof code === "string" ? code : error instanceof Error ? error.name : typeof error,
    });
    return "failed";
  }
  await client
    .send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: "SET webhookAt = :now",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":now": { S: new Date().toISOString() } },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException))
        log.warn({
          requestId,
          submissionId,
          outcome: "record-failed",
          error: error instanceof Error ? error.name : typeof error,
        });
    });
  log.info({ requestId, submissionId, outcome: "webhook-sent" });
  return "sent";
}

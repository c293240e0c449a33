import { ConditionalCheckFailedException, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { documentClient } from "./document-client.ts";
import type { Deadline } from "./deadline.ts";
import { DELIVERY } from "./delivery.ts";
import type { LeadWebhookSource, WebhookSigningSource } from "./env.ts";
import type { LeadRecord } from "./lead-record.ts";
import { leadKey, type LeadStore } from "./lead-store.ts";
import type { Logger } from "./log.ts";
import { type ReadSecret, readOnce } from "./secret-value.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./webhook-signature.ts";

/**
 * Lead notifications where the team works: deliver-lead posts each mailed lead as JSON, a Slack-compatible `text`
 * plus the lead itself, to a URL that is a secret (in AWS a Secrets Manager secret only the sender may read; locally
 * LEAD_WEBHOOK_URL). It runs from the retry queue (a message of kind "webhook" that delivery.ts enqueues after the
 * vendor's mail), so a failing receiver is retried by SQS and ends in the dead-letter queue like any mail, and never
 * touches the visitor's answer. `webhookAt` on the lead keeps it to one post. Every post is signed
 * (lambdas/shared/webhook-signature.ts), so a receiver can tell it from one sent by whoever learnt the URL.
 */

/**
 * A receiver that has not answered by then counts as failed; the queue tries again. Shorter when the invocation has
 * less left (its deadline, minus the reserve to record the outcome).
 */
export const WEBHOOK_TIMEOUT_MS = 5_000;

export interface WebhookDeps {
  /**
   * The receiver's URL, asked for when a post is due: in AWS read from Secrets Manager (`webhookUrl` below), never
   * from the environment. A rejection counts as a failed post.
   */
  url: () => Promise<string>;
  /**
   * The secret every post is signed with (lambdas/shared/webhook-signature.ts), asked for when a post is due: in AWS
   * read from Secrets Manager, locally given. A rejection counts as a failed post: nothing is ever posted unsigned.
   */
  signingSecret: () => Promise<string>;
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

/** Why a post failed, as a code for the log line (never the URL, which is a secret, nor the lead). */
function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  // fetch refuses a redirect (redirect: "error") with a TypeError whose cause says so.
  if (typeof cause?.message === "string" && /redirect/i.test(cause.message)) return "Redirect";
  const code = (error as { code?: unknown }).code ?? cause?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.name : typeof error;
}

/**
 * Posts one lead, once: a lease on the lead (`webhookLeaseUntil`, longer than the post may take) keeps two messages
 * for it from posting at once, and `webhookAt`, written after the receiver's 2xx, keeps every later message (a second
 * copy, a retry of the mail's follow-up) from posting again. The post follows no redirect (a 3xx is a failure: the
 * URL was checked as https, its redirect target never was) and waits at most WEBHOOK_TIMEOUT_MS, less when the
 * invocation has less left.
 * @returns "sent" (now or before), "gone" (no such lead: nothing to retry), or "failed" (the caller reports the
 * message back to the queue; another message holding the lease counts as failed too, so it is tried again).
 */
export async function deliverWebhook(
  submissionId: string,
  deps: WebhookDeps,
  deadline: Deadline,
  requestId: string,
): Promise<"sent" | "gone" | "failed"> {
  const { tableName, log } = deps;
  const client = documentClient(deps.client);
  const key = { pk: leadKey(submissionId) };
  const timeoutMs = Math.min(WEBHOOK_TIMEOUT_MS, deadline.remainingMs(DELIVERY.reserveMs));
  if (timeoutMs <= 0) return "failed";
  const lease = Date.now() + timeoutMs + DELIVERY.reserveMs;
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: "SET webhookLeaseUntil = :lease",
        ConditionExpression:
          "attribute_exists(pk) AND attribute_not_exists(webhookAt) AND (attribute_not_exists(webhookLeaseUntil) OR webhookLeaseUntil < :now)",
        ExpressionAttributeValues: { ":lease": lease, ":now": Date.now() },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const seen = await client.send(
      new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true, ProjectionExpression: "webhookAt" }),
    );
    if (!seen.Item) return "gone";
    return seen.Item.webhookAt ? "sent" : "failed";
  }
  const lead = await deps.store.get(submissionId);
  if (!lead) return "gone";
  const timer = new AbortController();
  const clock = setTimeout(
    () => timer.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  try {
    const [url, secret] = await Promise.all([deps.url(), deps.signingSecret()]);
    const body = JSON.stringify(webhookPayload(lead, deps.siteName));
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: signatureHeader(body, secret, Math.floor(Date.now() / 1000)),
      },
      body,
      redirect: "error",
      signal: timer.signal,
    });
    // Nothing in the answer is read: dropping it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok)
      throw Object.assign(new Error(`webhook answered ${response.status}`), { code: `HTTP${response.status}` });
  } catch (error) {
    log.warn({ requestId, submissionId, outcome: "webhook-failed", error: failureCode(error) });
    // The next message may try at once rather than wait for the lease to run out.
    await mark(client, deps, key, "REMOVE webhookLeaseUntil", lease, requestId, submissionId);
    return "failed";
  } finally {
    clearTimeout(clock);
  }
  await mark(client, deps, key, "SET webhookAt = :now REMOVE webhookLeaseUntil", lease, requestId, submissionId, {
    ":now": new Date().toISOString(),
  });
  log.info({ requestId, submissionId, outcome: "webhook-sent" });
  return "sent";
}

/**
 * Records the post's outcome under this attempt's lease. A failure is logged, not thrown: the receiver has its post
 * (or the lease runs out by itself), and only a store that failed to record `webhookAt` can lead to a second post.
 */
async function mark(
  client: DynamoDBDocumentClient,
  deps: WebhookDeps,
  key: { pk: string },
  update: string,
  lease: number,
  requestId: string,
  submissionId: string,
  values: Record<string, string> = {},
): Promise<void> {
  await client
    .send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: key,
        UpdateExpression: update,
        ConditionExpression: "webhookLeaseUntil = :lease",
        ExpressionAttributeValues: { ":lease": lease, ...values },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException))
        deps.log.warn({ requestId, submissionId, outcome: "record-failed", error: failureCode(error) });
    });
}

/**
 * The URL a post goes to, from where the configuration says it is: given (local runs, http allowed for a local
 * receiver), or the secret's value, read once per container and checked to be an https URL.
 * @returns a function that rejects (a failed post, retried) while the secret cannot be read or holds no https URL.
 */
export function webhookUrl(source: LeadWebhookSource, read: ReadSecret): () => Promise<string> {
  if ("url" in source) return () => Promise.resolve(source.url);
  return readOnce(async () => {
    const value = (await read(source.secretArn))?.trim() ?? "";
    if (!/^https:\/\/[^\s]+$/.test(value))
      throw Object.assign(
        new Error(
          `the secret LEAD_WEBHOOK_SECRET_ARN names holds no https URL (${value.length} characters); set it as docs/deploy.md says`,
        ),
        { code: "WebhookUrlUnset" },
      );
    return value;
  });
}

/**
 * The signing secret, from where the configuration says it is: given (local runs: .data/webhook-signing-secret), or
 * the secret's value, read once per container. Rejects (a failed post, retried) while there is none of 32 characters.
 */
export function webhookSigningSecret(
  source: WebhookSigningSource | undefined,
  read: ReadSecret,
): () => Promise<string> {
  const value =
    source && "secret" in source
      ? () => Promise.resolve(source.secret)
      : readOnce(async () => (source ? ((await read(source.secretArn)) ?? "") : ""));
  return async () => {
    const secret = (await value()).trim();
    if (secret.length < 32)
      throw Object.assign(
        new Error(
          `the webhook's signing secret has ${secret.length} characters; expected at least 32 (LEAD_WEBHOOK_SIGNING_SECRET_ARN)`,
        ),
        { code: "WebhookSigningSecretUnset" },
      );
    return secret;
  };
}

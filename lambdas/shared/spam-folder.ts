import { createHash } from "node:crypto";
import { ConditionalCheckFailedException, type DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";
import { LEAD_SPAM } from "../../src/lib/limits.ts";
import { ELAPSED_FIELD, HONEYPOT_FIELD, MIN_FILL_MS, SUBMISSION_ID_FIELD } from "../../src/schemas/lead-fields.ts";
import { LEAD_KEY_PREFIX, RATE_KEY_PREFIX, type SpamReason } from "./lead-record.ts";

/**
 * The spam folder: a lead a trap or the rate limit catches is stored with status `spam` (kept LEAD_SPAM.retentionDays,
 * not mailed, no acknowledgement) instead of being dropped, because every filter has false positives: an autofilled
 * form sent in a second is a person. The visitor's answer is the same either way, so a bot learns nothing.
 */

const HOUR_SECONDS = 3_600;

/** Why the traps say a person did not send this body, or undefined. A missing or non-numeric time counts as too fast: our forms always send it. */
export function trapReason(body: Record<string, unknown>): SpamReason | undefined {
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== "") return "honeypot";
  const elapsed = body[ELAPSED_FIELD];
  return typeof elapsed !== "number" || !Number.isFinite(elapsed) || elapsed < MIN_FILL_MS ? "too-fast" : undefined;
}

/** Longest text kept of one field of a lead that failed its form's checks; the folder is for a person to read, not an archive of garbage. */
const MAX_SPAM_FIELD = 2_000;

/**
 * The text fields of a body the form's schema refused, to keep in the folder: the trap fields and the submission id
 * are left out, everything else that is text is cut to MAX_SPAM_FIELD characters and made well-formed.
 */
export function spamFields(body: Record<string, unknown>): Record<string, string> {
  const skip = new Set([HONEYPOT_FIELD, ELAPSED_FIELD, SUBMISSION_ID_FIELD]);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body).slice(0, 20)) {
    if (typeof value === "string" && !skip.has(key) && key.length <= 40)
      fields[key] = value.slice(0, MAX_SPAM_FIELD).toWellFormed();
  }
  return fields;
}

/** Counts leads per client address and hour. */
export interface ClientRateLimit {
  /** Counts one lead from `address` this hour; false once more than `limit` came this hour (it is still counted). */
  admit(address: string, now: Date): Promise<boolean>;
}

/** The counter's key: the address is hashed, never stored. */
export const rateKey = (address: string, now: Date) =>
  `${RATE_KEY_PREFIX}${createHash("sha256").update(address).digest("hex")}#${now.toISOString().slice(0, 13)}`;

/** The per-client limit kept in the leads table: one item per address and hour, gone two hours later (TTL). */
export function createDynamoRateLimit({
  client,
  tableName,
  limit,
}: {
  client: DynamoDBClient;
  tableName: string;
  limit: number;
}): ClientRateLimit {
  return {
    async admit(address, now) {
      const { Attributes } = await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: rateKey(address, now) } },
          UpdateExpression: "ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)",
          ExpressionAttributeNames: { "#count": "count" },
          ExpressionAttributeValues: {
            ":one": { N: "1" },
            ":expires": { N: String(Math.floor(now.getTime() / 1000) + 2 * HOUR_SECONDS) },
          },
          ReturnValues: "UPDATED_NEW",
        }),
      );
      return Number(Attributes?.count?.N ?? 0) <= limit;
    },
  };
}

/** When a stored spam lead expires. */
export const spamExpiresAt = (now: Date) => Math.floor(now.getTime() / 1000) + LEAD_SPAM.retentionDays * 86_400;

/**
 * Moves a lead out of the spam folder: status spam → received, kept as long as any lead from now on. Only a lead in
 * the folder moves, so releasing twice mails once.
 * @returns false when no lead with that id is in the spam folder.
 */
export async function releaseSpamLead(
  client: DynamoDBClient,
  tableName: string,
  submissionId: string,
  now: Date,
  retentionDays: number,
): Promise<boolean> {
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: { pk: { S: `${LEAD_KEY_PREFIX}${submissionId}` } },
        UpdateExpression: "SET #status = :received, updatedAt = :now, releasedAt = :now, expiresAt = :expires",
        ConditionExpression: "#status = :spam",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":received": { S: "received" },
          ":spam": { S: "spam" },
          ":now": { S: now.toISOString() },
          ":expires": { N: String(Math.floor(now.getTime() / 1000) + retentionDays * 86_400) },
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

import { createHash } from "node:crypto";
import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import {
  ACK_KEY_PREFIX,
  BY_RECEIVED_AT_INDEX,
  LEAD_KEY_PREFIX,
  LEAD_KIND,
  LEAD_STATUSES,
  type LeadRecord,
  type LeadStatus,
  SPAM_REASONS,
} from "./lead-record.ts";

/** What became of the visitor's confirmation mail, kept on the lead next to its status. */
export type AckOutcome = "sent" | "limited" | "failed" | "off";

/** Where leads live. The handlers get it as a parameter, so unit tests can pass one in memory. */
export interface LeadStore {
  /** Writes a new lead; "duplicate" when its submission id is stored already (nothing is overwritten). */
  put(record: LeadRecord): Promise<"stored" | "duplicate">;
  get(submissionId: string): Promise<LeadRecord | undefined>;
  /**
   * Takes the right to mail a lead for `leaseMs`: only a lead that is received or failed, and not leased by another
   * worker, can be claimed; the attempt is counted. Undefined when this worker must not mail it.
   */
  claim(submissionId: string, leaseMs: number, now: Date): Promise<LeadRecord | undefined>;
  markMailed(submissionId: string, now: Date): Promise<void>;
  markFailed(submissionId: string, code: string, now: Date): Promise<void>;
  markAcknowledgement(submissionId: string, outcome: AckOutcome, now: Date): Promise<void>;
  /** Counts one acknowledgement to `address` today; false (and nothing counted) once `limit` is reached. */
  countAcknowledgement(address: string, limit: number, now: Date, retentionSeconds: number): Promise<boolean>;
  /** Leads received at or after `since`, newest first. */
  list(since: Date): AsyncIterable<LeadRecord>;
}

export interface DynamoLeadStoreOptions {
  tableName: string;
  region: string;
  /** Local DynamoDB's URL; production leaves it undefined. */
  endpoint?: string;
  /** Tests and the CLI may pass a client of their own. */
  client?: DynamoDBClient;
}

const DAY_SECONDS = 86_400;
/** The key of a lead's item. */
export const leadKey = (submissionId: string) => `${LEAD_KEY_PREFIX}${submissionId}`;
/** The key of an address's acknowledgement counter for one UTC day; the address itself is never stored. */
export const ackKey = (address: string, now: Date) =>
  `${ACK_KEY_PREFIX}${createHash("sha256").update(address.trim().toLowerCase()).digest("hex")}#${now.toISOString().slice(0, 10)}`;

/**
 * The DynamoDB lead store. Calls have short timeouts that throw (not just warn) and few attempts, so a slow table
 * costs the visitor at most a few seconds before the handler falls back to mailing directly.
 */
export function createDynamoLeadStore({ tableName, region, endpoint, client: given }: DynamoLeadStoreOptions): LeadStore {
  const client =
    given ??
    new DynamoDBClient({
      region,
      endpoint,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
    });
  const open = [":received", ":failed"];
  const openValues = { ":received": { S: "received" }, ":failed": { S: "failed" } };
  const conditional = async (run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };
  const update = (submissionId: string, expression: string, condition: string | undefined, values: Record<string, AttributeValue>, names?: Record<string, string>) =>
    new UpdateItemCommand({
      TableName: tableName,
      Key: { pk: { S: leadKey(submissionId) } },
      UpdateExpression: expression,
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
      ExpressionAttributeNames: names,
      ReturnValues: "ALL_NEW",
    });

  return {
    async put(record) {
      const stored = await conditional(() =>
        client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: { pk: { S: leadKey(record.submissionId) }, kind: { S: LEAD_KIND }, ...toItem(record) },
            ConditionExpression: "attribute_not_exists(pk)",
          }),
        ),
      );
      return stored ? "stored" : "duplicate";
    },

    async get(submissionId) {
      const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: leadKey(submissionId) } }, ConsistentRead: true }));
      return Item ? fromItem(Item) : undefined;
    },

    async claim(submissionId, leaseMs, now) {
      try {
        const { Attributes } = await client.send(
          update(
            submissionId,
            "SET leaseUntil = :until, attempts = attempts + :one, updatedAt = :now",
            `attribute_exists(pk) AND #status IN (${open.join(", ")}) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs)`,
            {
              ":until": { N: String(now.getTime() + leaseMs) },
              ":one": { N: "1" },
              ":now": { S: now.toISOString() },
              ":nowMs": { N: String(now.getTime()) },
              ...openValues,
            },
            { "#status": "status" },
          ),
        );
        return Attributes ? fromItem(Attributes) : undefined;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },

    async markMailed(submissionId, now) {
      await conditional(() =>
        client.send(
          update(
            submissionId,
            "SET #status = :mailed, updatedAt = :now, mailedAt = :now REMOVE leaseUntil",
            `#status IN (${open.join(", ")})`,
            { ":mailed": { S: "mailed" }, ":now": { S: now.toISOString() }, ...openValues },
            { "#status": "status" },
          ),
        ),
      );
    },

    async markFailed(submissionId, code, now) {
      await conditional(() =>
        client.send(
          update(
            submissionId,
            "SET #status = :failedStatus, lastError = :code, updatedAt = :now REMOVE leaseUntil",
            `#status IN (${open.join(", ")})`,
            { ":failedStatus": { S: "failed" }, ":code": { S: code }, ":now": { S: now.toISOString() }, ...openValues },
            { "#status": "status" },
          ),
        ),
      );
    },

    async markAcknowledgement(submissionId, outcome, now) {
      const sent = outcome === "sent";
      await conditional(() =>
        client.send(
          update(
            submissionId,
            sent ? "SET #status = :acknowledged, acknowledgement = :outcome, updatedAt = :now" : "SET acknowledgement = :outcome, updatedAt = :now",
            "#status = :mailed",
            {
              ":outcome": { S: outcome },
              ":now": { S: now.toISOString() },
              ":mailed": { S: "mailed" },
              ...(sent ? { ":acknowledged": { S: "acknowledged" } } : {}),
            },
            { "#status": "status" },
          ),
        ),
      );
    },

    async countAcknowledgement(address, limit, now, retentionSeconds) {
      if (limit <= 0) return false;
      // The counter lives two days (enough for its own day); never longer than the leads themselves.
      const expiresAt = Math.floor(now.getTime() / 1000) + Math.min(2 * DAY_SECONDS, retentionSeconds);
      return conditional(() =>
        client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: { pk: { S: ackKey(address, now) } },
            UpdateExpression: "ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)",
            ConditionExpression: "attribute_not_exists(#count) OR #count < :limit",
            ExpressionAttributeNames: { "#count": "count" },
            ExpressionAttributeValues: { ":one": { N: "1" }, ":limit": { N: String(limit) }, ":expires": { N: String(expiresAt) } },
          }),
        ),
      );
    },

    async *list(since) {
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: BY_RECEIVED_AT_INDEX,
            KeyConditionExpression: "kind = :kind AND receivedAt >= :since",
            ExpressionAttributeValues: { ":kind": { S: LEAD_KIND }, ":since": { S: since.toISOString() } },
            ScanIndexForward: false,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) yield fromItem(item);
        start = page.LastEvaluatedKey;
      } while (start);
    },
  };
}

function toItem(record: LeadRecord): Record<string, AttributeValue> {
  const item: Record<string, AttributeValue> = {
    submissionId: { S: record.submissionId },
    form: { S: record.form },
    status: { S: record.status },
    receivedAt: { S: record.receivedAt },
    updatedAt: { S: record.updatedAt },
    attempts: { N: String(record.attempts) },
    lead: { M: Object.fromEntries(Object.entries(record.lead).map(([key, value]) => [key, { S: value }])) },
    expiresAt: { N: String(record.expiresAt) },
  };
  if (record.lastError) item.lastError = { S: record.lastError };
  if (record.spamReason) item.spamReason = { S: record.spamReason };
  return item;
}

/** Reads an item back; a field of the wrong type becomes empty rather than throwing, so one odd item cannot stop a listing. */
function fromItem(item: Record<string, AttributeValue>): LeadRecord {
  const text = (key: string) => item[key]?.S ?? "";
  const status = text("status") as LeadStatus;
  const lead: Record<string, string> = {};
  for (const [key, value] of Object.entries(item.lead?.M ?? {})) if (value.S !== undefined) lead[key] = value.S;
  return {
    submissionId: text("submissionId"),
    form: text("form"),
    status: LEAD_STATUSES.includes(status) ? status : "received",
    receivedAt: text("receivedAt"),
    updatedAt: text("updatedAt"),
    attempts: Number(item.attempts?.N ?? 0),
    lastError: item.lastError?.S,
    spamReason: SPAM_REASONS.find((reason) => reason === item.spamReason?.S),
    lead,
    expiresAt: Number(item.expiresAt?.N ?? 0),
  };
}

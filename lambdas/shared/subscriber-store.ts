import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import { BY_RECEIVED_AT_INDEX } from "./lead-record.ts";
import { subscriberKey } from "./newsletter-tokens.ts";

/**
 * The newsletter list, in the leads table beside the leads: `pk = "subscriber#<sha256 of the address>"`,
 * `kind = "subscriber"` (listed through the same `byReceivedAt` index, `receivedAt` being the first subscription).
 * pending: asked, not confirmed (kept NEWSLETTER.pendingDays after the last request); confirmed: on the list, kept
 * until unsubscribed or erased; unsubscribed: off the list, kept NEWSLETTER.unsubscribedDays as proof, then gone.
 */

export const SUBSCRIBER_KEY_PREFIX = "subscriber#";
export const SUBSCRIBER_KIND = "subscriber";
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Timings of the list (the privacy policy quotes them). */
export const NEWSLETTER = {
  /** A pending address is not mailed another confirmation within this time. */
  remailAfterHours: 24,
  /** An unconfirmed request is deleted this long after it was made. */
  pendingDays: 30,
  /** An unsubscribed address is deleted this long after it left. */
  unsubscribedDays: 30,
} as const;

export interface SubscriberRecord {
  email: string;
  status: SubscriberStatus;
  subscribedAt: string;
  updatedAt: string;
  /** When the last confirmation mail was asked for. */
  mailedAt: string;
  confirmedAt?: string;
  unsubscribedAt?: string;
  /** The subscriber's signed one-click unsubscribe link, for any mailing tool (npm run subscribers -- --csv). */
  unsubscribeUrl: string;
}

/** What a subscription request leads to: mail a confirmation, or nothing (confirmed already, or mailed in the last 24 h). */
export type RequestOutcome = "mail" | "confirmed" | "recently-mailed";

export interface SubscriberStore {
  request(email: string, unsubscribeUrl: string, now: Date): Promise<RequestOutcome>;
  /**
   * "confirmed": pending until now; "already-confirmed": confirmed before (a second press); "unknown": no such
   * subscriber (never asked, or expired); "unsubscribed": left the list, a new request is needed.
   */
  confirm(key: string, now: Date): Promise<"confirmed" | "already-confirmed" | "unsubscribed" | "unknown">;
  unsubscribe(key: string, now: Date): Promise<"unsubscribed" | "unknown">;
  get(email: string): Promise<SubscriberRecord | undefined>;
  /** Deletes the subscriber; returns what was deleted. */
  erase(email: string): Promise<SubscriberRecord | undefined>;
  /** Every subscriber, newest first. */
  list(): AsyncIterable<SubscriberRecord>;
}

const DAY_SECONDS = 86_400;
const pk = (key: string) => ({ pk: { S: `${SUBSCRIBER_KEY_PREFIX}${key}` } });
const epoch = (now: Date, days: number) => ({ N: String(Math.floor(now.getTime() / 1000) + days * DAY_SECONDS) });

export function createDynamoSubscriberStore({
  client,
  tableName,
}: {
  client: DynamoDBClient;
  tableName: string;
}): SubscriberStore {
  const conditional = async (run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };
  const getByKey = async (key: string) => {
    const { Item } = await client.send(
      new GetItemCommand({ TableName: tableName, Key: pk(key), ConsistentRead: true }),
    );
    return Item ? fromItem(Item) : undefined;
  };
  const names = { "#status": "status" };

  return {
    async request(email, unsubscribeUrl, now) {
      const address = email.trim();
      const key = subscriberKey(address);
      const cutoff = new Date(now.getTime() - NEWSLETTER.remailAfterHours * 3_600_000).toISOString();
      const asked = await conditional(() =>
        client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: pk(key),
            UpdateExpression:
              "SET kind = :kind, email = :email, #status = :pending, receivedAt = if_not_exists(receivedAt, :now), updatedAt = :now, mailedAt = :now, unsubscribeUrl = :url, expiresAt = :expires REMOVE unsubscribedAt",
            ConditionExpression:
              "attribute_not_exists(pk) OR #status = :unsubscribed OR (#status = :pending AND mailedAt < :cutoff)",
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ":kind": { S: SUBSCRIBER_KIND },
              ":email": { S: address },
              ":pending": { S: "pending" },
              ":unsubscribed": { S: "unsubscribed" },
              ":now": { S: now.toISOString() },
              ":cutoff": { S: cutoff },
              ":url": { S: unsubscribeUrl },
              ":expires": epoch(now, NEWSLETTER.pendingDays),
            },
          }),
        ),
      );
      if (asked) return "mail";
      return (await getByKey(key))?.status === "confirmed" ? "confirmed" : "recently-mailed";
    },

    async confirm(key, now) {
      let before: string | undefined;
      const done = await conditional(async () => {
        const { Attributes } = await client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: pk(key),
            UpdateExpression:
              "SET #status = :confirmed, confirmedAt = if_not_exists(confirmedAt, :now), updatedAt = :now REMOVE expiresAt",
            ConditionExpression: "attribute_exists(pk) AND #status IN (:pending, :confirmed)",
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ":confirmed": { S: "confirmed" },
              ":pending": { S: "pending" },
              ":now": { S: now.toISOString() },
            },
            ReturnValues: "UPDATED_OLD",
          }),
        );
        before = Attributes?.status?.S;
      });
      if (done) return before === "confirmed" ? "already-confirmed" : "confirmed";
      return (await getByKey(key)) ? "unsubscribed" : "unknown";
    },

    async unsubscribe(key, now) {
      const done = await conditional(() =>
        client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: pk(key),
            UpdateExpression:
              "SET #status = :unsubscribed, unsubscribedAt = if_not_exists(unsubscribedAt, :now), updatedAt = :now, expiresAt = :expires",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ":unsubscribed": { S: "unsubscribed" },
              ":now": { S: now.toISOString() },
              ":expires": epoch(now, NEWSLETTER.unsubscribedDays),
            },
          }),
        ),
      );
      return done ? "unsubscribed" : "unknown";
    },

    get: (email) => getByKey(subscriberKey(email)),

    async erase(email) {
      const { Attributes } = await client.send(
        new DeleteItemCommand({ TableName: tableName, Key: pk(subscriberKey(email)), ReturnValues: "ALL_OLD" }),
      );
      return Attributes ? fromItem(Attributes) : undefined;
    },

    async *list() {
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: BY_RECEIVED_AT_INDEX,
            KeyConditionExpression: "kind = :kind",
            ExpressionAttributeValues: { ":kind": { S: SUBSCRIBER_KIND } },
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

function fromItem(item: Record<string, AttributeValue>): SubscriberRecord {
  const text = (key: string) => item[key]?.S;
  const status = SUBSCRIBER_STATUSES.find((value) => value === text("status")) ?? "pending";
  return {
    email: text("email") ?? "",
    status,
    subscribedAt: text("receivedAt") ?? "",
    updatedAt: text("updatedAt") ?? "",
    mailedAt: text("mailedAt") ?? "",
    confirmedAt: text("confirmedAt"),
    unsubscribedAt: text("unsubscribedAt"),
    unsubscribeUrl: text("unsubscribeUrl") ?? "",
  };
}

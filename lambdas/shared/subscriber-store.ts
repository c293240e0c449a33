import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { conditional, documentClient, text } from "./document-client.ts";
import { BY_RECEIVED_AT_INDEX } from "./lead-record.ts";
import { subscriberKey } from "./newsletter-tokens.ts";

/**
 * The newsletter list, in the leads table beside the leads: `pk = "subscriber#<sha256 of the address>"`,
 * `kind = "subscriber"` (listed through the same `byReceivedAt` index, `receivedAt` being the first subscription).
 * pending: asked, not confirmed (kept NEWSLETTER.pendingDays after the last request); confirmed: on the list, kept
 * until unsubscribed or erased; unsubscribed: off the list, kept NEWSLETTER.unsubscribedDays as proof, then gone.
 * The record is the consent of one request, its current one (`requestNonce`, which its links carry): when it was made,
 * mailed and confirmed, and the wording it was made with. A newer request replaces it whole, so a link of an earlier
 * request neither confirms nor unsubscribes (lambdas/shared/newsletter-tokens.ts).
 */

export const SUBSCRIBER_KEY_PREFIX = "subscriber#";
const SUBSCRIBER_KIND = "subscriber";
const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Timings of the list (the privacy policy quotes them). */
const NEWSLETTER = {
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
  /** When the current request was made: the one its confirmation mail and (once confirmed) its consent are of. */
  requestedAt: string;
  /** When the current request's confirmation mail was handed to the mailer (never before requestedAt). */
  mailedAt: string;
  /** When the current request was confirmed (never before its mailedAt); absent until it is. */
  confirmedAt?: string;
  unsubscribedAt?: string;
  /** The wording beside the button the current request was made with (NEWSLETTER_CONSENT_TEXT at the time). */
  consentText: string;
  /** The subscriber's signed one-click unsubscribe link, for any mailing tool (npm run subscribers -- --csv). */
  unsubscribeUrl: string;
}

/** A new request for an address: its nonce (its links carry it), when it was made, and the subscription's links. */
export interface SubscriptionRequest {
  nonce: string;
  requestedAt: Date;
  unsubscribeUrl: string;
  consentText: string;
}

/** What a subscription request leads to: mail a confirmation, or nothing (confirmed already, or mailed in the last 24 h). */
type RequestOutcome = "mail" | "confirmed" | "recently-mailed";

/**
 * "confirmed": pending until now; "already-confirmed": this request was confirmed before (a second press); "unknown":
 * no such subscriber (never asked, or expired); "unsubscribed": left the list, a new request is needed; "superseded":
 * the link is of an earlier request (a newer one was made since, or the subscriber left and asked again).
 */
type ConfirmOutcome = "confirmed" | "already-confirmed" | "unsubscribed" | "unknown" | "superseded";

export interface SubscriberStore {
  /** Files a request; when it is to be mailed, its nonce replaces the last request's, whose links then stop working. */
  request(email: string, request: SubscriptionRequest, now: Date): Promise<RequestOutcome>;
  /** Confirms the request `nonce` names, if it is still the subscriber's current one. */
  confirm(key: string, nonce: string, now: Date): Promise<ConfirmOutcome>;
  /**
   * Takes the subscription `nonce` started off the list (undefined: a link of before nonces, which acts only on a record
   * of before them). "superseded": the link is of another subscription of the address; nothing changed.
   */
  unsubscribe(key: string, nonce: string | undefined, now: Date): Promise<"unsubscribed" | "unknown" | "superseded">;
  get(email: string): Promise<SubscriberRecord | undefined>;
  /** Deletes the subscriber; returns what was deleted. */
  erase(email: string): Promise<SubscriberRecord | undefined>;
  /** Every subscriber, newest first. */
  list(): AsyncIterable<SubscriberRecord>;
}

const DAY_SECONDS = 86_400;
const pk = (key: string) => ({ pk: `${SUBSCRIBER_KEY_PREFIX}${key}` });
const epoch = (now: Date, days: number) => Math.floor(now.getTime() / 1000) + days * DAY_SECONDS;

export function createDynamoSubscriberStore({
  client,
  tableName,
}: {
  client: DynamoDBClient;
  tableName: string;
}): SubscriberStore {
  const ctx: Ctx = { table: documentClient(client), tableName };
  return {
    async request(email, { nonce, requestedAt, unsubscribeUrl, consentText }, now) {
      const address = email.trim();
      const key = subscriberKey(address);
      // A new request starts a new consent record: the last request's confirmation and departure are not carried over.
      const asked = await changeSubscriber(
        ctx,
        key,
        "SET kind = :kind, email = :email, #status = :pending, receivedAt = if_not_exists(receivedAt, :now), updatedAt = :now, requestedAt = :requested, mailedAt = :now, requestNonce = :nonce, consentText = :text, unsubscribeUrl = :url, expiresAt = :expires REMOVE unsubscribedAt, confirmedAt",
        "attribute_not_exists(pk) OR #status = :unsubscribed OR (#status = :pending AND mailedAt < :cutoff)",
        {
          ":kind": SUBSCRIBER_KIND,
          ":email": address,
          ":pending": "pending",
          ":unsubscribed": "unsubscribed",
          ":now": now.toISOString(),
          ":requested": (requestedAt > now ? now : requestedAt).toISOString(),
          ":nonce": nonce,
          ":text": consentText,
          ":cutoff": new Date(now.getTime() - NEWSLETTER.remailAfterHours * 3_600_000).toISOString(),
          ":url": unsubscribeUrl,
          ":expires": epoch(now, NEWSLETTER.pendingDays),
        },
      );
      if (asked) return "mail";
      return (await rawSubscriber(ctx, key))?.status === "confirmed" ? "confirmed" : "recently-mailed";
    },

    async confirm(key, nonce, now) {
      const done = await changeSubscriber(
        ctx,
        key,
        "SET #status = :confirmed, confirmedAt = :now, updatedAt = :now REMOVE expiresAt",
        // Only the current request, once, and never before its mail: the record then proves what was agreed.
        "#status = :pending AND requestNonce = :nonce AND mailedAt <= :now",
        { ":confirmed": "confirmed", ":pending": "pending", ":nonce": nonce, ":now": now.toISOString() },
      );
      if (done) return "confirmed";
      const found = await rawSubscriber(ctx, key);
      if (!found) return "unknown";
      if (found.requestNonce !== nonce) return "superseded";
      if (found.status === "confirmed") return "already-confirmed";
      return found.status === "unsubscribed" ? "unsubscribed" : "superseded";
    },

    async unsubscribe(key, nonce, now) {
      const done = await changeSubscriber(
        ctx,
        key,
        "SET #status = :unsubscribed, unsubscribedAt = if_not_exists(unsubscribedAt, :now), updatedAt = :now, expiresAt = :expires",
        // A link acts on the subscription it was mailed for; one of before nonces only on a record of before them.
        nonce === undefined
          ? "attribute_exists(pk) AND attribute_not_exists(requestNonce)"
          : "attribute_exists(pk) AND requestNonce = :nonce",
        {
          ":unsubscribed": "unsubscribed",
          ":now": now.toISOString(),
          ":expires": epoch(now, NEWSLETTER.unsubscribedDays),
          ...(nonce === undefined ? {} : { ":nonce": nonce }),
        },
      );
      if (done) return "unsubscribed";
      return (await rawSubscriber(ctx, key)) ? "superseded" : "unknown";
    },

    ...reads(ctx),
  };
}

interface Ctx {
  table: DynamoDBDocumentClient;
  tableName: string;
}

const rawSubscriber = async ({ table, tableName }: Ctx, key: string) =>
  (await table.send(new GetCommand({ TableName: tableName, Key: pk(key), ConsistentRead: true }))).Item;

/** True when the change was made, false when its condition failed. */
const changeSubscriber = (
  { table, tableName }: Ctx,
  key: string,
  expression: string,
  condition: string,
  values: Record<string, string | number>,
) =>
  conditional(() =>
    table.send(
      new UpdateCommand({
        TableName: tableName,
        Key: pk(key),
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: values,
      }),
    ),
  );

function reads(ctx: Ctx): Pick<SubscriberStore, "get" | "erase" | "list"> {
  const { table, tableName } = ctx;
  return {
    async get(email) {
      const item = await rawSubscriber(ctx, subscriberKey(email));
      return item ? fromItem(item) : undefined;
    },

    async erase(email) {
      const { Attributes } = await table.send(
        new DeleteCommand({ TableName: tableName, Key: pk(subscriberKey(email)), ReturnValues: "ALL_OLD" }),
      );
      return Attributes ? fromItem(Attributes) : undefined;
    },

    list: () => listSubscribers(table, tableName),
  };
}

async function* listSubscribers(table: DynamoDBDocumentClient, tableName: string): AsyncIterable<SubscriberRecord> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: BY_RECEIVED_AT_INDEX,
        KeyConditionExpression: "kind = :kind",
        ExpressionAttributeValues: { ":kind": SUBSCRIBER_KIND },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) yield fromItem(item);
    start = page.LastEvaluatedKey;
  } while (start);
}

function fromItem(item: Record<string, unknown>): SubscriberRecord {
  const status = SUBSCRIBER_STATUSES.find((value) => value === item.status) ?? "pending";
  return {
    email: text(item.email) ?? "",
    status,
    subscribedAt: text(item.receivedAt) ?? "",
    updatedAt: text(item.updatedAt) ?? "",
    // Records of before requestedAt: their request is the one they were last mailed for.
    requestedAt: text(item.requestedAt) ?? text(item.mailedAt) ?? "",
    mailedAt: text(item.mailedAt) ?? "",
    confirmedAt: text(item.confirmedAt),
    unsubscribedAt: text(item.unsubscribedAt),
    consentText: text(item.consentText) ?? "",
    unsubscribeUrl: text(item.unsubscribeUrl) ?? "",
  };
}

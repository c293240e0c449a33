import { createHash } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { conditional, documentClient, number, text } from "./document-client.ts";
import {
  ACK_CLIENT_KEY_PREFIX,
  ACK_KEY_PREFIX,
  BY_DAY_INDEX,
  LEAD_KEY_PREFIX,
  LEAD_STATUSES,
  type LeadRecord,
  type LeadStatus,
  leadDay,
  SPAM_REASONS,
} from "./lead-record.ts";
import { LEAD_SPAM } from "../../src/lib/limits.ts";
import { LEAD_DEFAULTS } from "./env.ts";

/** What became of the visitor's confirmation mail, kept on the lead next to its status. */
export type AckOutcome = "sent" | "limited" | "failed" | "off";

/** Statuses a worker may claim at once; an `unknown` lead only after a quiet pause (see `claim`). */
const OPEN_STATUSES = ["received", "failed"] as const;
/** True for a lead that is not mailed yet (nor known to be). */
export const isUnmailed = (status: LeadStatus) => status === "received" || status === "failed" || status === "unknown";

/**
 * The error a local store answers when it cannot write at all (its disk is full: server/dynalite-write-errors.ts).
 * DynamoDB itself never does; a lead the store cannot keep is refused with 503, so the visitor keeps it to send again.
 */
export const STORE_CANNOT_WRITE = "LocalStoreCannotWrite";
/** True for the store's answer that it cannot write (STORE_CANNOT_WRITE). */
export const storeCannotWrite = (error: unknown) => error instanceof Error && error.name === STORE_CANNOT_WRITE;

/** Where leads live, with the acknowledgement counters beside them. The handlers get it as a parameter, so unit tests can pass one in memory. */
export type LeadStore = LeadRecords & AckCounters;

/** The leads themselves: written once, claimed for each attempt to mail them, marked with what became of it. */
interface LeadRecords {
  /** Writes a new lead; "duplicate" when its submission id is stored already (nothing is overwritten). */
  put(record: LeadRecord): Promise<"stored" | "duplicate">;
  get(submissionId: string): Promise<LeadRecord | undefined>;
  /**
   * Takes the right to mail a lead for `leaseMs`: only a lead that is received or failed, or unknown and untouched
   * since `quietSince` (no send event came in that pause), and not leased by another worker, can be claimed; the
   * attempt is counted. Undefined when this worker must not mail it.
   */
  claim(submissionId: string, leaseMs: number, now: Date, quietSince: Date): Promise<LeadRecord | undefined>;
  /**
   * Mailed, from any unmailed status (a send event may come after the attempt that sent it gave up). Returns the lead
   * as it was before, or undefined when it was not unmailed (already mailed, or no such lead).
   */
  markMailed(submissionId: string, now: Date): Promise<LeadRecord | undefined>;
  /** False when the lead was no longer in an attempt (its send event marked it mailed meanwhile). */
  markFailed(submissionId: string, code: string, now: Date): Promise<boolean>;
  /**
   * SES did not answer in time: the mail may be out. Waits for its send event, or a quiet pause, before a retry.
   * False when the lead was no longer in an attempt (its send event marked it mailed meanwhile).
   */
  markUnknown(submissionId: string, code: string, now: Date): Promise<boolean>;
  /** Gives the lease back without counting the attempt: the mail was never tried (the mailer was not configured). */
  release(submissionId: string, now: Date): Promise<void>;
  /**
   * Takes the one right to hand a mailed lead on (its webhook post, the visitor's confirmation): true for the first
   * claimant only (the attempt that mailed it, its send event, a follow-up message), and again for that claimant, so
   * a claim whose answer was lost can be asked again. The confirmation's outcome is "pending" until
   * `markAcknowledgement` records it.
   */
  claimFollowUp(submissionId: string, now: Date, claimant: string): Promise<boolean>;
  markAcknowledgement(submissionId: string, outcome: AckOutcome, now: Date): Promise<void>;
  /**
   * Leads received at or after `since` (and no further back than the store keeps any), newest first, as the index
   * lists them (it may lag or hold phantoms). Each is read whole from the table, unless `indexOnly`: then only the
   * index's fields (LEAD_INDEX_FIELDS) are filled and `lead` is empty, for a caller that reads the few it wants.
   */
  list(since: Date, options?: { indexOnly?: boolean; now?: Date }): AsyncIterable<LeadRecord>;
  /**
   * Removes an index entry whose lead does not exist (left by a crash of the local store): a placeholder with the
   * same index keys is written where no lead is, and deleted at once, which deletes the entry with it.
   */
  dropPhantom(entry: Pick<LeadRecord, "submissionId" | "receivedAt">): Promise<void>;
}

/** How many acknowledgements went out, per address per day and per client per hour: the caps on an abused form. */
interface AckCounters {
  /** Counts one acknowledgement to `address` (normalised) today; false (and nothing counted) once `limit` is reached. */
  countAcknowledgement(address: string, limit: number, now: Date, retentionSeconds: number): Promise<boolean>;
  /** Counts one acknowledgement for a lead from `client` this hour; false (and nothing counted) once `limit` is reached. */
  countClientAcknowledgement(client: string, limit: number, now: Date): Promise<boolean>;
}

export interface DynamoLeadStoreOptions {
  tableName: string;
  region: string;
  /** Local DynamoDB's URL; production leaves it undefined. */
  endpoint?: string;
  /** Tests and the CLI may pass a client of their own. */
  client?: DynamoDBClient;
  /** Days a lead is kept (config.leadRetentionDays): a listing looks back no further, one index query per day. */
  retentionDays?: number;
}

/** Index partitions (days) queried at once by a listing. */
const DAYS_AT_ONCE = 8;

/** The UTC days from `now`'s back to `since`'s, newest first, and never more than `maxDays` + 2 (TTL deletes late). */
export function listedDays(since: Date, now: Date, maxDays: number): string[] {
  const oldest = Math.max(since.getTime(), now.getTime() - (maxDays + 2) * 86_400_000);
  const days: string[] = [];
  for (
    let at = now.getTime();
    leadDay(new Date(at).toISOString()) >= leadDay(new Date(oldest).toISOString());
    at -= 86_400_000
  )
    days.push(leadDay(new Date(at).toISOString()));
  return days;
}

const DAY_SECONDS = 86_400;
/** The key of a lead's item. */
export const leadKey = (submissionId: string) => `${LEAD_KEY_PREFIX}${submissionId}`;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * One mailbox, however it is spelled: lower-case, without a `+tag`, and for Gmail without the dots it ignores, so
 * `Victim+1@…` … `victim+9@…` count as one address for the acknowledgement cap.
 */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return trimmed;
  const domain = trimmed.slice(at + 1) === "googlemail.com" ? "gmail.com" : trimmed.slice(at + 1);
  let local = trimmed.slice(0, at).split("+")[0] ?? "";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** The key of an address's acknowledgement counter for one UTC day; the address itself is never stored. */
export const ackKey = (address: string, now: Date) =>
  `${ACK_KEY_PREFIX}${sha256(normaliseAddress(address))}#${now.toISOString().slice(0, 10)}`;
/** The key of a client's acknowledgement counter for one UTC hour. */
export const ackClientKey = (client: string, now: Date) =>
  `${ACK_CLIENT_KEY_PREFIX}${client}#${now.toISOString().slice(0, 13)}`;
/** What a lead keeps of the address it came from: a hash, enough to count, not to find the visitor. */
export const clientHash = (address: string) => sha256(`client#${address.trim().toLowerCase()}`);

/**
 * The DynamoDB lead store. Calls have short timeouts that throw (not just warn) and few attempts, so a slow table
 * costs the visitor at most a few seconds before the handler falls back to mailing directly.
 */
export function createDynamoLeadStore({
  tableName,
  region,
  endpoint,
  client: given,
  retentionDays = LEAD_DEFAULTS.retentionDays,
}: DynamoLeadStoreOptions): LeadStore {
  const client = documentClient(
    given ??
      new DynamoDBClient({
        region,
        endpoint,
        maxAttempts: 3,
        requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
      }),
  );
  const table: Table = { client, tableName };
  return { ...records(table, retentionDays), ...attempts(table), ...followUps(table), ...ackCounters(table) };
}

interface Table {
  client: DynamoDBDocumentClient;
  tableName: string;
}

const open = OPEN_STATUSES.map((status) => `:${status}`);
const openValues = Object.fromEntries(OPEN_STATUSES.map((status) => [`:${status}`, status]));
// Every status a lead has before it is known to be mailed.
const unmailed = [...open, ":unknown"];
const unmailedValues = { ...openValues, ":unknown": "unknown" };
const STATUS = { "#status": "status" };

/** An update of one lead, answering it as it is after (or before) the change. */
const updateLead = (
  { client, tableName }: Table,
  submissionId: string,
  change: {
    expression: string;
    condition?: string;
    values: Record<string, string | number>;
    names?: Record<string, string>;
    returnValues?: "ALL_NEW" | "ALL_OLD";
  },
) =>
  client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: leadKey(submissionId) },
      UpdateExpression: change.expression,
      ConditionExpression: change.condition,
      ExpressionAttributeValues: change.values,
      ExpressionAttributeNames: change.names,
      ReturnValues: change.returnValues ?? "ALL_NEW",
    }),
  );

/** The same update, answering the lead (as updateLead returns it), or undefined when its condition failed. */
async function updatedLead(
  table: Table,
  submissionId: string,
  change: Parameters<typeof updateLead>[2],
): Promise<LeadRecord | undefined> {
  let lead: LeadRecord | undefined;
  await conditional(async () => {
    const { Attributes } = await updateLead(table, submissionId, change);
    lead = Attributes ? fromItem(Attributes) : undefined;
  });
  return lead;
}

function records(table: Table, retentionDays: number): Pick<LeadRecords, "put" | "get" | "list" | "dropPhantom"> {
  const { client, tableName } = table;
  const putNew = (Item: Item) =>
    conditional(() =>
      client.send(new PutCommand({ TableName: tableName, Item, ConditionExpression: "attribute_not_exists(pk)" })),
    );
  return {
    async put(record) {
      return (await putNew({ pk: leadKey(record.submissionId), ...toItem(record) })) ? "stored" : "duplicate";
    },

    async get(submissionId) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: { pk: leadKey(submissionId) }, ConsistentRead: true }),
      );
      return Item ? fromItem(Item) : undefined;
    },

    async dropPhantom({ submissionId, receivedAt }) {
      const key = { pk: leadKey(submissionId) };
      // A lead stored meanwhile under this id is real: it stays.
      if (await putNew({ ...key, day: leadDay(receivedAt), receivedAt, phantom: true }))
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: key,
            ConditionExpression: "phantom = :yes",
            ExpressionAttributeValues: { ":yes": true },
          }),
        );
    },

    async *list(since, { indexOnly = false, now = new Date() } = {}) {
      const days = listedDays(since, now, Math.max(retentionDays, LEAD_SPAM.retentionDays));
      for (let at = 0; at < days.length; at += DAYS_AT_ONCE) {
        const entries = (
          await Promise.all(days.slice(at, at + DAYS_AT_ONCE).map((day) => queryDay(client, tableName, day, since)))
        ).flat();
        if (indexOnly) for (const entry of entries) yield fromItem(entry);
        else yield* wholeItems(client, tableName, entries);
      }
    },
  };
}

/** An attempt to mail a lead: its lease, and the status it leaves with. */
function attempts(table: Table): Pick<LeadRecords, "claim" | "markMailed" | "markFailed" | "markUnknown" | "release"> {
  /** An attempt that did not end mailed: the lead leaves its lease with the status and the error code that say why. */
  const endAttempt = (submissionId: string, status: "failed" | "unknown", code: string, now: Date) =>
    conditional(() =>
      updateLead(table, submissionId, {
        expression: "SET #status = :endStatus, lastError = :code, updatedAt = :now REMOVE leaseUntil",
        // A retry of an unknown lead is in an attempt too: its end is recorded, unless a send event marked it mailed.
        condition: `#status IN (${unmailed.join(", ")})`,
        values: { ":endStatus": status, ":code": code, ":now": now.toISOString(), ...unmailedValues },
        names: STATUS,
      }),
    );
  return {
    claim: (submissionId, leaseMs, now, quietSince) =>
      updatedLead(table, submissionId, {
        expression: "SET leaseUntil = :until, attempts = attempts + :one, updatedAt = :now",
        condition: `attribute_exists(pk) AND (#status IN (${open.join(", ")}) OR (#status = :unknown AND updatedAt < :quietSince)) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs)`,
        values: {
          ":until": now.getTime() + leaseMs,
          ":one": 1,
          ":now": now.toISOString(),
          ":nowMs": now.getTime(),
          ":quietSince": quietSince.toISOString(),
          ...unmailedValues,
        },
        names: STATUS,
      }),

    markMailed: (submissionId, now) =>
      updatedLead(table, submissionId, {
        expression: "SET #status = :mailed, updatedAt = :now, mailedAt = :now REMOVE leaseUntil",
        condition: `#status IN (${unmailed.join(", ")})`,
        values: { ":mailed": "mailed", ":now": now.toISOString(), ...unmailedValues },
        names: STATUS,
        returnValues: "ALL_OLD",
      }),

    markFailed: (submissionId, code, now) => endAttempt(submissionId, "failed", code, now),
    markUnknown: (submissionId, code, now) => endAttempt(submissionId, "unknown", code, now),

    async release(submissionId, now) {
      await conditional(() =>
        updateLead(table, submissionId, {
          expression: "SET attempts = attempts - :one, updatedAt = :now REMOVE leaseUntil",
          condition: "attribute_exists(leaseUntil) AND attempts > :zero",
          values: { ":one": 1, ":zero": 0, ":now": now.toISOString() },
        }),
      );
    },
  };
}

/** What follows a mailed lead: the one right to hand it on, and the visitor's confirmation. */
function followUps(table: Table): Pick<LeadRecords, "claimFollowUp" | "markAcknowledgement"> {
  return {
    claimFollowUp: (submissionId, now, claimant) =>
      conditional(() =>
        updateLead(table, submissionId, {
          expression: "SET acknowledgement = :pending, followUpBy = :claimant, updatedAt = :now",
          condition:
            "#status = :mailed AND (attribute_not_exists(acknowledgement) OR (acknowledgement = :pending AND followUpBy = :claimant))",
          values: { ":pending": "pending", ":claimant": claimant, ":now": now.toISOString(), ":mailed": "mailed" },
          names: STATUS,
        }),
      ),

    async markAcknowledgement(submissionId, outcome, now) {
      const sent = outcome === "sent";
      await conditional(() =>
        updateLead(table, submissionId, {
          expression: sent
            ? "SET #status = :acknowledged, acknowledgement = :outcome, updatedAt = :now"
            : "SET acknowledgement = :outcome, updatedAt = :now",
          condition: "#status = :mailed",
          values: {
            ":outcome": outcome,
            ":now": now.toISOString(),
            ":mailed": "mailed",
            ...(sent ? { ":acknowledged": "acknowledged" } : {}),
          },
          names: STATUS,
        }),
      );
    },
  };
}

function ackCounters({ client, tableName }: Table): AckCounters {
  const counter = (key: string, limit: number, expiresAt: number) =>
    limit <= 0
      ? Promise.resolve(false)
      : conditional(() =>
          client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: { pk: key },
              UpdateExpression: "ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)",
              ConditionExpression: "attribute_not_exists(#count) OR #count < :limit",
              ExpressionAttributeNames: { "#count": "count" },
              ExpressionAttributeValues: { ":one": 1, ":limit": limit, ":expires": expiresAt },
            }),
          ),
        );
  const inSeconds = (now: Date, seconds: number) => Math.floor(now.getTime() / 1000) + seconds;
  return {
    // The counter lives two days (enough for its own day); never longer than the leads themselves.
    countAcknowledgement: (address, limit, now, retentionSeconds) =>
      counter(ackKey(address, now), limit, inSeconds(now, Math.min(2 * DAY_SECONDS, retentionSeconds))),
    countClientAcknowledgement: (clientKey, limit, now) =>
      counter(ackClientKey(clientKey, now), limit, inSeconds(now, 2 * 3600)),
  };
}

/** An item as the table gives it, unmarshalled. */
export type Item = Record<string, unknown>;

/** One day's index entries received at or after `since`, newest first. */
export async function queryDay(
  client: DynamoDBDocumentClient,
  tableName: string,
  day: string,
  since: Date,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: BY_DAY_INDEX,
        KeyConditionExpression: "#day = :day AND receivedAt >= :since",
        ExpressionAttributeNames: { "#day": "day" },
        ExpressionAttributeValues: { ":day": day, ":since": since.toISOString() },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * The whole items of index entries, in the entries' order, read 100 at a time; an entry whose item is gone (a phantom)
 * is given as the index holds it, for the caller to drop.
 */
async function* wholeItems(
  client: DynamoDBDocumentClient,
  tableName: string,
  entries: Item[],
): AsyncIterable<LeadRecord> {
  for (let at = 0; at < entries.length; at += 100) {
    const batch = entries.slice(at, at + 100);
    const found = new Map<string, Item>();
    let keys: Item[] | undefined = batch.map((entry) => ({ pk: text(entry.pk) ?? "" }));
    for (let tries = 0; keys && keys.length > 0 && tries < 10; tries++) {
      const answer: BatchGetCommandOutput = await client.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }),
      );
      for (const item of answer.Responses?.[tableName] ?? []) found.set(text(item.pk) ?? "", item);
      keys = answer.UnprocessedKeys?.[tableName]?.Keys;
      if (keys?.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** tries));
    }
    for (const entry of batch) yield fromItem(found.get(text(entry.pk) ?? "") ?? entry);
  }
}

/** The stored item of a lead (its key aside); optional fields that are empty are not written. */
function toItem(record: LeadRecord): Item {
  return {
    submissionId: record.submissionId,
    form: record.form,
    status: record.status,
    receivedAt: record.receivedAt,
    day: leadDay(record.receivedAt),
    updatedAt: record.updatedAt,
    attempts: record.attempts,
    // A Map, not the object: the marshaller takes an object with a field named `constructor` (a bot's key, kept by the
    // spam folder) for a class instance and throws.
    lead: new Map(Object.entries(record.lead)),
    expiresAt: record.expiresAt,
    lastError: record.lastError || undefined,
    spamReason: record.spamReason || undefined,
    client: record.client || undefined,
    truncated:
      record.truncated && Object.keys(record.truncated).length > 0
        ? new Map(Object.entries(record.truncated))
        : undefined,
    droppedKeys: record.droppedKeys || undefined,
  };
}

/** Reads an item back; a field of the wrong type becomes empty rather than throwing, so one odd item cannot stop a listing. */
function fromItem(item: Item): LeadRecord {
  const status = text(item.status) as LeadStatus;
  // Null prototype: a spam body keeps a bot's keys, and `lead.constructor` or `lead[key]` of a lead without that key
  // must read nothing (not Object's function).
  const lead: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(isMap(item.lead) ? item.lead : {}))
    if (typeof value === "string") lead[key] = value;
  const droppedKeys = number(item.droppedKeys);
  return {
    submissionId: text(item.submissionId) ?? "",
    form: text(item.form) ?? "",
    status: LEAD_STATUSES.includes(status) ? status : "received",
    receivedAt: text(item.receivedAt) ?? "",
    updatedAt: text(item.updatedAt) ?? "",
    attempts: number(item.attempts) ?? 0,
    lastError: text(item.lastError),
    spamReason: SPAM_REASONS.find((reason) => reason === item.spamReason),
    lead,
    expiresAt: number(item.expiresAt) ?? 0,
    leaseUntil: number(item.leaseUntil),
    client: text(item.client),
    ...(isMap(item.truncated)
      ? {
          truncated: Object.fromEntries(
            Object.entries(item.truncated).map(([key, value]) => [key, number(value) ?? 0]),
          ),
        }
      : {}),
    ...(droppedKeys === undefined ? {} : { droppedKeys }),
  };
}

/** True for a map field (not a list or a set). */
const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Set);

import { createHash } from "node:crypto";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { conditional, documentClient, number, text } from "./document-client.ts";
import { LEAD_SPAM } from "../../src/lib/limits.ts";
import type * as z from "zod/mini";
import {
  ELAPSED_FIELD,
  HONEYPOT_FIELD,
  LEAD_FIELD_MAX,
  MIN_FILL_MS,
  SUBMISSION_ID_FIELD,
} from "../../src/schemas/lead-fields.ts";
import {
  LEAD_KEY_PREFIX,
  leadDay,
  RATE_KEY_PREFIX,
  type SpamReason,
  SUSPECT_KEY_PREFIX,
  suspectDay,
} from "./lead-record.ts";
import { listedDays, queryDay } from "./lead-store.ts";

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

/** What the folder keeps of a suspected lead: the form's own fields, each within the form's limit, and what was cut. */
export interface SuspectFields {
  lead: Record<string, string>;
  /** Characters cut from each field longer than its limit. */
  truncated: Record<string, number>;
  /** Keys of the body that are not the form's fields (the trap fields and the submission id aside), or not text. */
  droppedKeys: number;
}

/** Fields of a body that are not the lead's own: the traps and the submission id. */
const META_FIELDS = new Set([HONEYPOT_FIELD, ELAPSED_FIELD, SUBMISSION_ID_FIELD]);
/** A form field without a limit of its own (none today) is kept to this. */
const DEFAULT_FIELD_MAX = 200;

/** The field names of a form's schema: its object's keys (through a pipe, the input object's, as the newsletter's). */
export function formKeys(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; in?: z.core.$ZodType };
  if (def.type === "object" && def.shape) return Object.keys(def.shape);
  if (def.type === "pipe" && def.in) return formKeys(def.in);
  return [];
}

/** How many of the body's own keys are neither the form's fields nor the trap fields. */
export function droppedKeyCount(body: Record<string, unknown>, keys: ReadonlyArray<string>): number {
  const form = new Set(keys);
  return Object.keys(body).filter((key) => !form.has(key) && !META_FIELDS.has(key)).length;
}

/**
 * What the folder keeps of a body its form's checks refused: only the form's fields that are text (own properties
 * only), each made well-formed and cut to the form's limit (LEAD_FIELD_MAX), with what was cut, so a 2,000-key,
 * 30 KB body costs the store no more than a lead of that form can.
 */
export function suspectFields(body: Record<string, unknown>, keys: ReadonlyArray<string>): SuspectFields {
  const lead: Record<string, string> = {};
  const truncated: Record<string, number> = {};
  let droppedKeys = droppedKeyCount(body, keys);
  const limits: Readonly<Record<string, number>> = LEAD_FIELD_MAX;
  for (const key of keys) {
    if (!Object.hasOwn(body, key)) continue;
    const value = body[key];
    if (typeof value !== "string") {
      droppedKeys += 1;
      continue;
    }
    const limit = Object.hasOwn(limits, key) ? (limits[key] ?? DEFAULT_FIELD_MAX) : DEFAULT_FIELD_MAX;
    const text = value.toWellFormed();
    if (text.length > limit) truncated[key] = text.length - limit;
    lead[key] = text.slice(0, limit).toWellFormed();
  }
  return { lead, truncated, droppedKeys };
}

/** Counts leads per client address and hour. */
export interface ClientRateLimit {
  /** Counts one lead from `address` this hour; false once more than `limit` came this hour (it is still counted). */
  admit(address: string, now: Date): Promise<boolean>;
}

/** The counter's key: the address is hashed, never stored. */
const rateKey = (address: string, now: Date) =>
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
  const table = documentClient(client);
  return {
    async admit(address, now) {
      const { Attributes } = await table.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: rateKey(address, now) },
          UpdateExpression: "ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)",
          ExpressionAttributeNames: { "#count": "count" },
          ExpressionAttributeValues: { ":one": 1, ":expires": Math.floor(now.getTime() / 1000) + 2 * HOUR_SECONDS },
          ReturnValues: "UPDATED_NEW",
        }),
      );
      return (number(Attributes?.count) ?? 0) <= limit;
    },
  };
}

/**
 * Counts a client's suspected leads per hour: the folder stores the first ones, and only counts the rest. Leads a trap
 * caught and leads over the rate limit are counted apart, each against its own cap (LEAD_SPAM).
 */
export interface SuspectCap {
  /**
   * Counts one suspected lead from `address` this hour; false once more than the cap came (it is still counted).
   * `overLimit`: it passed every check and only the rate limit filed it, so it may be a person's.
   */
  admit(address: string, now: Date, overLimit?: boolean): Promise<boolean>;
}

/** The key of a client's suspected-lead counter for one UTC hour; `address` is already its /64 for IPv6. */
const suspectKey = (address: string, now: Date, overLimit = false) =>
  `${SUSPECT_KEY_PREFIX}${createHash("sha256").update(address).digest("hex")}#${now.toISOString().slice(0, 13)}${overLimit ? "#limit" : ""}`;

/** The `client` of the counter that bounds every client together (SuspectCount). */
export const ALL_CLIENTS = "all";
/** The key of the counter of every client's stored suspected leads in one UTC hour. */
const allClientsKey = (now: Date) => `${SUSPECT_KEY_PREFIX}${ALL_CLIENTS}#${now.toISOString().slice(0, 13)}`;

/**
 * The cap kept in the leads table: one counter item per client and hour, kept as long as the spam it stands for, and
 * listed through the `byDay` index (partition `suspect#<day>`) so `npm run leads`, the report and the digest show how
 * many were counted and not stored. A lead within its client's cap is counted once more against every client's
 * together (`totalLimit` an hour, LEAD_SPAM.storedPerHour): many addresses at their own cap store no more than that.
 */
export function createDynamoSuspectCap({
  client,
  tableName,
  limit,
  overLimitLimit = LEAD_SPAM.storedLimitedPerClientHour,
  totalLimit = LEAD_SPAM.storedPerHour,
}: {
  client: DynamoDBClient;
  tableName: string;
  limit: number;
  overLimitLimit?: number;
  totalLimit?: number;
}): SuspectCap {
  const table = documentClient(client);
  const count = async (key: string, cap: number, now: Date) => {
    const hour = `${now.toISOString().slice(0, 13)}:00:00.000Z`;
    const { Attributes } = await table.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: key },
        UpdateExpression:
          "ADD #count :one SET #day = :day, #cap = :cap, receivedAt = :hour, updatedAt = :now, expiresAt = if_not_exists(expiresAt, :expires)",
        ExpressionAttributeNames: { "#count": "count", "#day": "day", "#cap": "cap" },
        ExpressionAttributeValues: {
          ":one": 1,
          ":cap": cap,
          ":day": suspectDay(leadDay(hour)),
          ":hour": hour,
          ":now": now.toISOString(),
          ":expires": spamExpiresAt(now),
        },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return (number(Attributes?.count) ?? 0) <= cap;
  };
  return {
    async admit(address, now, overLimit = false) {
      if (!(await count(suspectKey(address, now, overLimit), overLimit ? overLimitLimit : limit, now))) return false;
      return count(allClientsKey(now), totalLimit, now);
    },
  };
}

/** One client's hour over the cap: how many suspected leads came, and how many of them were counted, not stored. */
export interface SuspectCount {
  hour: string;
  /** The first 8 hex digits of the client's hash (tells clients apart, does not find them), or ALL_CLIENTS. */
  client: string;
  count: number;
  notStored: number;
  /** When the last of them came. */
  updatedAt: string;
}

/**
 * The hours since `since` in which a client, or all of them together (client ALL_CLIENTS), sent more suspected leads
 * than the folder stores, newest first.
 */
export async function suspectCounts(
  client: DynamoDBClient,
  tableName: string,
  since: Date,
  now = new Date(),
  limit: number = LEAD_SPAM.storedPerClientHour,
): Promise<SuspectCount[]> {
  // The hour a counter stands for may begin before `since`: its day is asked from the hour before.
  const from = new Date(since.getTime() - 3_600_000);
  const counts: SuspectCount[] = [];
  const table = documentClient(client);
  for (const day of listedDays(from, now, LEAD_SPAM.retentionDays)) {
    for (const item of await queryDay(table, tableName, suspectDay(day), from)) {
      const count = number(item.count) ?? 0;
      const cap = number(item.cap) ?? limit;
      const updatedAt = text(item.updatedAt) ?? "";
      if (count > cap && updatedAt >= since.toISOString())
        counts.push({
          hour: text(item.receivedAt) ?? "",
          client: clientOf(text(item.pk) ?? ""),
          count,
          notStored: count - cap,
          updatedAt,
        });
    }
  }
  return counts;
}

/** One line for `npm run leads` and its report: the suspected leads counted and not stored, or "" when none were. */
export function describeSuspectCounts(counts: ReadonlyArray<SuspectCount>): string {
  const total = counts.reduce((sum, count) => sum + count.notStored, 0);
  if (total === 0) return "";
  const hours = counts.map(
    (count) =>
      `${count.hour.slice(0, 13).replace("T", " ")}h ${count.client === ALL_CLIENTS ? "all clients" : `client ${count.client}`}: ${count.notStored}`,
  );
  return `Also ${total} suspected lead${total === 1 ? "" : "s"} counted, not stored (over ${LEAD_SPAM.storedPerClientHour} caught by a trap, or ${LEAD_SPAM.storedLimitedPerClientHour} over the rate limit, an hour from one client, or ${LEAD_SPAM.storedPerHour} an hour from all clients together): ${hours.join("; ")}`;
}

/** Who a counter counts: ALL_CLIENTS, or the first 8 hex digits of one client's hash. */
function clientOf(key: string): string {
  const id = key.slice(SUSPECT_KEY_PREFIX.length);
  return id.startsWith(`${ALL_CLIENTS}#`) ? ALL_CLIENTS : id.slice(0, 8);
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
  return conditional(() =>
    documentClient(client).send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: `${LEAD_KEY_PREFIX}${submissionId}` },
        UpdateExpression: "SET #status = :received, updatedAt = :now, releasedAt = :now, expiresAt = :expires",
        ConditionExpression: "#status = :spam",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":received": "received",
          ":spam": "spam",
          ":now": now.toISOString(),
          ":expires": Math.floor(now.getTime() / 1000) + retentionDays * 86_400,
        },
      }),
    ),
  );
}

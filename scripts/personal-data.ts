import { DeleteCommand, GetCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { LEAD_RETENTION } from "../infra/lib/lead-retention.ts";
import { LEAD_KEY_PREFIX, type LeadRecord } from "../lambdas/shared/lead-record.ts";
import { documentClient, number, text } from "../lambdas/shared/document-client.ts";
import { ackKey, createDynamoLeadStore, type Item } from "../lambdas/shared/lead-store.ts";
import {
  createDynamoSubscriberStore,
  SUBSCRIBER_KEY_PREFIX,
  type SubscriberRecord,
} from "../lambdas/shared/subscriber-store.ts";
import type { LeadTable } from "./lead-table.ts";

/**
 * Everything the leads table holds about one e-mail address, for a visitor's request to see it (GDPR art. 15, DPDP
 * Act s. 11) or to be forgotten (GDPR art. 17, DPDP Act s. 12). The whole table is read (it is small), and the address
 * is looked for in every text of every item, nested ones included, in any case: a spam body keeps whatever keys a bot
 * sent (`e-mail`, `Email`, `contact.mail`), so no field name can be trusted to hold it.
 * - `leads`: leads in which some field *is* the address (any form, spam folder included): the visitor's own;
 * - `acknowledgementCounters`: the daily counters kept under the hash of the address;
 * - `subscriber`: the newsletter record;
 * - `otherItems`: any other item in which some field is the address (keys only);
 * - `mentions`: items that only quote the address inside a longer text (another visitor's message naming it):
 *   erasing replaces the address there with ERASED and keeps the item, since that lead is someone else's.
 */
export interface PersonalData {
  email: string;
  leads: LeadRecord[];
  acknowledgementCounters: Array<{ key: string; day: string; count: number }>;
  subscriber: SubscriberRecord | undefined;
  otherItems: string[];
  mentions: string[];
}

/** What an erased mention becomes. */
export const ERASED = "[erased]";

/** A map attribute: a plain object (not a list, set, binary or null). */
const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Set) &&
  !ArrayBuffer.isView(value);

/** Every text in an attribute, at any depth (strings, string sets, lists and maps; map keys too). */
function* texts(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (value instanceof Set) for (const entry of value) yield* typeof entry === "string" ? [entry] : [];
  else if (Array.isArray(value)) for (const entry of value) yield* texts(entry);
  else if (isMap(value))
    for (const [key, entry] of Object.entries(value)) {
      yield key;
      yield* texts(entry);
    }
}

/** The attribute with every occurrence of `pattern` in its texts (map keys too) replaced by ERASED. */
function redact(value: unknown, pattern: RegExp): unknown {
  if (typeof value === "string") return value.replace(pattern, ERASED);
  if (value instanceof Set)
    return new Set([...value].map((entry) => (typeof entry === "string" ? entry.replace(pattern, ERASED) : entry)));
  if (Array.isArray(value)) return value.map((entry) => redact(entry, pattern));
  // A Map: the marshaller takes an object with a field named `constructor` (a bot's key) for a class instance.
  if (isMap(value))
    return new Map(Object.entries(value).map(([key, entry]) => [key.replace(pattern, ERASED), redact(entry, pattern)]));
  return value;
}

/** Every item of the table, page by page. */
async function* scan(table: LeadTable): AsyncGenerator<Item> {
  const client = documentClient(table.client);
  let start: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table.tableName, ExclusiveStartKey: start }));
    yield* page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

/** How an item relates to the address: its own (a field is the address), quoting it, or neither. */
function relation(item: Item, address: string): "owns" | "mentions" | undefined {
  let mentions = false;
  for (const [name, value] of Object.entries(item)) {
    if (name === "pk") continue;
    for (const text of texts(value)) {
      const lower = text.toLowerCase();
      if (lower.trim() === address) return "owns";
      if (lower.includes(address)) mentions = true;
    }
  }
  return mentions ? "mentions" : undefined;
}

/** Reads it all: one scan of the table for the address in any text, and for the counters under its hash. */
export async function findPersonalData(table: LeadTable, email: string): Promise<PersonalData> {
  const address = email.trim().toLowerCase();
  const store = createDynamoLeadStore({ ...table, region: "us-east-1" });
  const prefix = ackKey(email, new Date()).replace(/\d{4}-\d\d-\d\d$/, "");
  const found: PersonalData = {
    email,
    leads: [],
    acknowledgementCounters: [],
    subscriber: await createDynamoSubscriberStore(table).get(email),
    otherItems: [],
    mentions: [],
  };
  for await (const item of scan(table)) {
    const key = text(item.pk) ?? "";
    if (key.startsWith(prefix)) {
      found.acknowledgementCounters.push({ key, day: key.slice(prefix.length), count: number(item.count) ?? 0 });
      continue;
    }
    const held = relation(item, address);
    if (held === "mentions") found.mentions.push(key);
    else if (held === "owns" && key.startsWith(LEAD_KEY_PREFIX)) {
      const lead = await store.get(key.slice(LEAD_KEY_PREFIX.length));
      if (lead) found.leads.push(lead);
    } else if (held === "owns" && !(found.subscriber && key.startsWith(SUBSCRIBER_KEY_PREFIX)))
      found.otherItems.push(key);
  }
  return found;
}

/**
 * Deletes everything findPersonalData finds and replaces the address in the items that only mention it; returns what
 * it erased. The local store's files let go of it when the store closes (server/local-dynamo.ts, compactStore).
 */
export async function erasePersonalData(table: LeadTable, email: string): Promise<PersonalData> {
  const found = await findPersonalData(table, email);
  const client = documentClient(table.client);
  const remove = (pk: string) => client.send(new DeleteCommand({ TableName: table.tableName, Key: { pk } }));
  for (const lead of found.leads) await remove(`${LEAD_KEY_PREFIX}${lead.submissionId}`);
  for (const counter of found.acknowledgementCounters) await remove(counter.key);
  for (const key of found.otherItems) await remove(key);
  if (found.subscriber) await createDynamoSubscriberStore(table).erase(email);
  const pattern = new RegExp(email.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
  for (const key of found.mentions) await redactItem(table, key, pattern);
  return found;
}

/** Rewrites only the attributes of an item that hold the address, so a concurrent status change is not undone. */
async function redactItem(table: LeadTable, key: string, pattern: RegExp): Promise<void> {
  const client = documentClient(table.client);
  const { Item } = await client.send(
    new GetCommand({ TableName: table.tableName, Key: { pk: key }, ConsistentRead: true }),
  );
  const holds = (text: string) => text.search(pattern) >= 0;
  const changed = Object.entries(Item ?? {}).filter(([name, value]) => name !== "pk" && [...texts(value)].some(holds));
  if (changed.length > 0)
    await client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: key },
        UpdateExpression: `SET ${changed.map((_, at) => `#a${at} = :v${at}`).join(", ")}`,
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: Object.fromEntries(changed.map(([name], at) => [`#a${at}`, name])),
        ExpressionAttributeValues: Object.fromEntries(
          changed.map(([, value], at) => [`:v${at}`, redact(value, pattern)]),
        ),
      }),
    );
}

/**
 * What an erase cannot reach, and until when it holds the address: said after every erase, so the operator can tell
 * the visitor (the figures are the stack's own, infra/lib/lead-retention.ts).
 */
export function unreachableCopies(deployed: boolean): string[] {
  const everywhere = [
    "mails already sent: the vendor's inbox and the visitor's own (delete them by hand)",
    "messages the lead webhook posted to the team's channel, if one is set (delete them there)",
  ];
  if (!deployed) return [...everywhere, "npm start's local mailbox and retry queue, in memory until npm start stops"];
  return [
    ...everywhere,
    `the table's point-in-time backups: ${LEAD_RETENTION.pointInTimeRecoveryDays} days (a restore would bring the erased items back; erase again after one)`,
    `retry queue messages (a lead mailed while the table was down travels whole in one): up to ${LEAD_RETENTION.retryQueueDays} days`,
    `dead-letter queue messages: up to ${LEAD_RETENTION.deadLetterQueueDays} days`,
  ];
}

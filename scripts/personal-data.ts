import { type AttributeValue, DeleteItemCommand, ScanCommand } from "@aws-sdk/client-dynamodb";
import type { LeadRecord } from "../lambdas/shared/lead-record.ts";
import { ackKey, createDynamoLeadStore, leadKey } from "../lambdas/shared/lead-store.ts";
import { createDynamoSubscriberStore, type SubscriberRecord } from "../lambdas/shared/subscriber-store.ts";
import type { LeadTable } from "./lead-table.ts";

/**
 * Everything the leads table holds about one e-mail address, for a visitor's request to see it (GDPR art. 15, DPDP
 * Act s. 11) or to be forgotten (GDPR art. 17, DPDP Act s. 12): their leads (any form, spam folder included), the
 * daily acknowledgement counters kept under the hash of their address, and their newsletter record.
 */
export interface PersonalData {
  email: string;
  leads: LeadRecord[];
  acknowledgementCounters: Array<{ key: string; day: string; count: number }>;
  subscriber: SubscriberRecord | undefined;
}

const same = (a: string | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/** Reads it all: leads through the index, counters by a scan for the address's hash (the table is small), the subscriber by key. */
export async function findPersonalData(table: LeadTable, email: string): Promise<PersonalData> {
  const leads: LeadRecord[] = [];
  for await (const lead of createDynamoLeadStore({ ...table, region: "us-east-1" }).list(new Date(0)))
    if (same(lead.lead.email, email)) leads.push(lead);
  const prefix = ackKey(email, new Date()).replace(/\d{4}-\d\d-\d\d$/, "");
  const acknowledgementCounters: PersonalData["acknowledgementCounters"] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await table.client.send(
      new ScanCommand({
        TableName: table.tableName,
        FilterExpression: "begins_with(pk, :prefix)",
        ExpressionAttributeValues: { ":prefix": { S: prefix } },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const key = item.pk?.S ?? "";
      acknowledgementCounters.push({ key, day: key.slice(prefix.length), count: Number(item.count?.N ?? 0) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const subscriber = await createDynamoSubscriberStore(table).get(email);
  return { email, leads, acknowledgementCounters, subscriber };
}

/** Deletes everything findPersonalData finds; returns what it deleted. */
export async function erasePersonalData(table: LeadTable, email: string): Promise<PersonalData> {
  const found = await findPersonalData(table, email);
  const remove = (pk: string) =>
    table.client.send(new DeleteItemCommand({ TableName: table.tableName, Key: { pk: { S: pk } } }));
  for (const lead of found.leads) await remove(leadKey(lead.submissionId));
  for (const counter of found.acknowledgementCounters) await remove(counter.key);
  if (found.subscriber) await createDynamoSubscriberStore(table).erase(email);
  return found;
}

import { type AttributeValue, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LeadRecord } from "../../../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore, type LeadStore } from "../../../lambdas/shared/lead-store.ts";
import { createDynamoSubscriberStore } from "../../../lambdas/shared/subscriber-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, startLocalDynamo } from "../../../server/local-dynamo.ts";

/**
 * The items the stores write are the table's contract with every lead already stored: whatever client writes them,
 * their attributes keep their names and types (strings S, counts and epochs N, the fields a map of S), and an item
 * written by an older store reads back whole.
 */
let dynamo: LocalDynamo;
let store: LeadStore;
const raw = async (pk: string) =>
  (await dynamo.client.send(new GetItemCommand({ TableName: LOCAL_LEADS_TABLE, Key: { pk: { S: pk } } }))).Item;
const putRaw = (item: Record<string, AttributeValue>) =>
  dynamo.client.send(new PutItemCommand({ TableName: LOCAL_LEADS_TABLE, Item: item }));

beforeAll(async () => {
  dynamo = await startLocalDynamo({ port: 0 });
  store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
});
afterAll(() => dynamo?.close());

const SPAM: LeadRecord = {
  submissionId: "00000000-0000-4000-8000-000000000001",
  form: "send-contact-email",
  status: "spam",
  spamReason: "too-fast",
  receivedAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  attempts: 0,
  // A bot's keys the spam folder keeps: none of them may make the write throw.
  lead: { name: "Asha", constructor: "c", toString: "t", message: "" },
  expiresAt: 1_800_000_000,
  client: "abc",
  truncated: { message: 12 },
  droppedKeys: 3,
};

describe("the lead store's items", () => {
  test("a lead is written with the attribute types it always had", async () => {
    expect(await store.put(SPAM)).toBe("stored");
    expect(await raw(`lead#${SPAM.submissionId}`)).toEqual({
      pk: { S: `lead#${SPAM.submissionId}` },
      submissionId: { S: SPAM.submissionId },
      form: { S: "send-contact-email" },
      status: { S: "spam" },
      spamReason: { S: "too-fast" },
      receivedAt: { S: SPAM.receivedAt },
      day: { S: "2026-11-20" },
      updatedAt: { S: SPAM.updatedAt },
      attempts: { N: "0" },
      lead: { M: { name: { S: "Asha" }, constructor: { S: "c" }, toString: { S: "t" }, message: { S: "" } } },
      expiresAt: { N: "1800000000" },
      client: { S: "abc" },
      truncated: { M: { message: { N: "12" } } },
      droppedKeys: { N: "3" },
    });
    const back = await store.get(SPAM.submissionId);
    expect({ ...back, lead: { ...back?.lead } }).toEqual({ ...SPAM, leaseUntil: undefined, lastError: undefined });
  });

  test("a lead an older store wrote (a lease, an error) is read, claimed and listed as before", async () => {
    const id = "00000000-0000-4000-8000-000000000003";
    await putRaw({
      pk: { S: `lead#${id}` },
      submissionId: { S: id },
      form: { S: "send-product-inquiry" },
      status: { S: "failed" },
      receivedAt: { S: "2026-11-21T08:00:00.000Z" },
      day: { S: "2026-11-21" },
      updatedAt: { S: "2026-11-21T08:00:05.000Z" },
      attempts: { N: "2" },
      lastError: { S: "Throttling" },
      leaseUntil: { N: "1000" },
      lead: { M: { name: { S: "Ravi" }, product: { S: "Legalway" } } },
      expiresAt: { N: "1800000000" },
    });
    const now = new Date("2026-11-21T09:00:00.000Z");
    const claimed = await store.claim(id, 60_000, now, now);
    expect(claimed).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "Throttling",
      leaseUntil: now.getTime() + 60_000,
      lead: { name: "Ravi", product: "Legalway" },
    });
    expect((await raw(`lead#${id}`))?.leaseUntil).toEqual({ N: String(now.getTime() + 60_000) });
    const listed: LeadRecord[] = [];
    for await (const lead of store.list(new Date("2026-11-21T00:00:00.000Z"), { now })) listed.push(lead);
    expect(listed.map((lead) => [lead.submissionId, lead.attempts])).toEqual([[id, 3]]);
  });
});

describe("the subscriber store's items", () => {
  test("a record an older store wrote is read whole, and a request writes the same types", async () => {
    const subscribers = createDynamoSubscriberStore({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE });
    const { subscriberKey } = await import("../../../lambdas/shared/newsletter-tokens.ts");
    const pk = `subscriber#${subscriberKey("old@example.org")}`;
    await putRaw({
      pk: { S: pk },
      kind: { S: "subscriber" },
      email: { S: "old@example.org" },
      status: { S: "confirmed" },
      receivedAt: { S: "2026-01-01T00:00:00.000Z" },
      updatedAt: { S: "2026-01-02T00:00:00.000Z" },
      mailedAt: { S: "2026-01-01T00:00:01.000Z" },
      confirmedAt: { S: "2026-01-02T00:00:00.000Z" },
      consentText: { S: "Send me the newsletter." },
      unsubscribeUrl: { S: "https://example.org/u" },
    });
    expect(await subscribers.get("old@example.org")).toEqual({
      email: "old@example.org",
      status: "confirmed",
      subscribedAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T00:00:00.000Z",
      requestedAt: "2026-01-01T00:00:01.000Z",
      mailedAt: "2026-01-01T00:00:01.000Z",
      confirmedAt: "2026-01-02T00:00:00.000Z",
      unsubscribedAt: undefined,
      consentText: "Send me the newsletter.",
      unsubscribeUrl: "https://example.org/u",
    });

    const now = new Date("2026-11-24T10:00:00.000Z");
    await subscribers.request(
      "new@example.org",
      { nonce: "n1", requestedAt: now, unsubscribeUrl: "https://example.org/u2", consentText: "Yes." },
      now,
    );
    expect(await raw(`subscriber#${subscriberKey("new@example.org")}`)).toEqual({
      pk: { S: `subscriber#${subscriberKey("new@example.org")}` },
      kind: { S: "subscriber" },
      email: { S: "new@example.org" },
      status: { S: "pending" },
      receivedAt: { S: now.toISOString() },
      updatedAt: { S: now.toISOString() },
      requestedAt: { S: now.toISOString() },
      mailedAt: { S: now.toISOString() },
      requestNonce: { S: "n1" },
      consentText: { S: "Yes." },
      unsubscribeUrl: { S: "https://example.org/u2" },
      expiresAt: { N: String(Math.floor(now.getTime() / 1000) + 30 * 86_400) },
    });
  });
});

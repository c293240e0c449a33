import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AttributeValue, type DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type { LeadRecord } from "../../../../lambdas/shared/lead-record.ts";
import {
  ackClientKey,
  ackKey,
  clientHash,
  createDynamoLeadStore,
  isUnmailed,
  type LeadStore,
  listedDays,
  normaliseAddress,
  STORE_CANNOT_WRITE,
  storeCannotWrite,
} from "../../../../lambdas/shared/lead-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, localDynamoClient } from "../../../../server/local-dynamo.ts";
import { startLocalTable } from "../local-table.ts";

/**
 * The DynamoDB lead store against an in-memory dynalite: what the handlers, deliver-lead and `npm run leads` rely on
 * (a lead is kept once, mailed by one worker at a time, never mailed twice, listed newest first). Every test uses its
 * own submission ids, so any subset of them can run alone.
 */
let dynamo: LocalDynamo;
let store: LeadStore;
beforeAll(async () => {
  dynamo = await startLocalTable();
});
// Made in each test, not once: StrykerJS switches a mutant on before each test, so a store made before would miss it.
beforeEach(() => {
  store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
});
afterAll(() => dynamo?.close());

const NOW = new Date("2026-11-20T10:00:00.000Z");
const later = (ms: number, from = NOW) => new Date(from.getTime() + ms);
/** The raw item, as `npm run leads -- export` and the table's TTL see it. */
const raw = async (pk: string) =>
  (await dynamo.client.send(new GetItemCommand({ TableName: LOCAL_LEADS_TABLE, Key: { pk: { S: pk } } }))).Item;

function lead(overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    submissionId: randomUUID(),
    form: "send-contact-email",
    status: "received",
    receivedAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    attempts: 0,
    lead: { name: "Asha", email: "asha@example.org", message: "Hello" },
    expiresAt: 1_900_000_000,
    ...overrides,
  };
}
/** A stored lead, put as the handler puts it. */
async function stored(overrides: Partial<LeadRecord> = {}): Promise<LeadRecord> {
  const record = lead(overrides);
  expect(await store.put(record)).toBe("stored");
  return record;
}
/** Writes an item as it is, for a state the store's own calls never leave behind. */
const putRaw = (item: Record<string, AttributeValue>) =>
  dynamo.client.send(new PutItemCommand({ TableName: LOCAL_LEADS_TABLE, Item: item }));
const plainLead = (record: LeadRecord | undefined) => record && { ...record, lead: { ...record.lead } };

describe("put and get", () => {
  test("should keep a lead whole and read it back as it was given", async () => {
    const record = await stored({
      status: "spam",
      spamReason: "rate-limited",
      client: clientHash("203.0.113.9"),
      truncated: { message: 12 },
      droppedKeys: 3,
      lastError: "Throttling",
      lead: { name: "Asha", constructor: "c", toString: "t", message: "" },
    });
    expect(plainLead(await store.get(record.submissionId))).toEqual(record);
    // The table's contract with every lead already stored: each attribute's name and type.
    expect(await raw(`lead#${record.submissionId}`)).toEqual({
      pk: { S: `lead#${record.submissionId}` },
      submissionId: { S: record.submissionId },
      form: { S: "send-contact-email" },
      status: { S: "spam" },
      spamReason: { S: "rate-limited" },
      receivedAt: { S: NOW.toISOString() },
      day: { S: "2026-11-20" },
      updatedAt: { S: NOW.toISOString() },
      attempts: { N: "0" },
      lead: { M: { name: { S: "Asha" }, constructor: { S: "c" }, toString: { S: "t" }, message: { S: "" } } },
      expiresAt: { N: "1900000000" },
      lastError: { S: "Throttling" },
      client: { S: clientHash("203.0.113.9") },
      truncated: { M: { message: { N: "12" } } },
      droppedKeys: { N: "3" },
    });
  });

  test("should read, claim and list a lead an older store wrote (a lease, an error) as before", async () => {
    const id = randomUUID();
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
    expect(await store.claim(id, 60_000, now, now)).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "Throttling",
      leaseUntil: now.getTime() + 60_000,
      lead: { name: "Ravi", product: "Legalway" },
    });
    expect((await raw(`lead#${id}`))?.leaseUntil).toEqual({ N: String(now.getTime() + 60_000) });
    const listed: Array<[string, number]> = [];
    for await (const lead of store.list(new Date("2026-11-21T00:00:00.000Z"), { now }))
      if (lead.submissionId === id) listed.push([lead.submissionId, lead.attempts]);
    expect(listed).toEqual([[id, 3]]);
  });

  test("should store a second submission with the same id as a duplicate, leaving the first untouched", async () => {
    const first = await stored();
    expect(await store.put({ ...first, lead: { name: "Mallory" } })).toBe("duplicate");
    expect((await store.get(first.submissionId))?.lead.name).toBe("Asha");
  });

  test("should leave out what a lead does not have, rather than store empty fields", async () => {
    const record = await stored({ lastError: "", truncated: {}, droppedKeys: 0, client: "", spamReason: undefined });
    expect(Object.keys((await raw(`lead#${record.submissionId}`)) ?? {}).sort()).toEqual([
      "attempts",
      "day",
      "expiresAt",
      "form",
      "lead",
      "pk",
      "receivedAt",
      "status",
      "submissionId",
      "updatedAt",
    ]);
    const back = await store.get(record.submissionId);
    expect(back).not.toHaveProperty("truncated");
    expect(back).not.toHaveProperty("droppedKeys");
  });

  test("should read an odd item's missing or mistyped fields as empty, rather than fail", async () => {
    const id = randomUUID();
    await putRaw({
      pk: { S: `lead#${id}` },
      status: { S: "archived" },
      form: { N: "1" },
      updatedAt: { BOOL: true },
      attempts: { S: "two" },
      lastError: { N: "500" },
      truncated: { NULL: true },
      lead: { M: { name: { S: "Asha" }, age: { N: "40" }, tags: { L: [] } } },
    });
    expect(plainLead(await store.get(id))).toEqual({
      submissionId: "",
      form: "",
      status: "received",
      receivedAt: "",
      updatedAt: "",
      attempts: 0,
      lead: { name: "Asha" },
      expiresAt: 0,
    });
    await putRaw({ pk: { S: `lead#${id}` }, lead: { S: "name=Asha" }, truncated: { L: [{ N: "1" }] } });
    expect({ ...(await store.get(id))?.lead }).toEqual({});
    expect(await store.get(id)).not.toHaveProperty("truncated");
  });

  test("should not take a store that fails for a duplicate: the lead is not lost silently", async () => {
    const failing = localDynamoClient(dynamo.endpoint);
    failing.middlewareStack.add(
      () => async () => {
        throw Object.assign(new Error("down"), { name: "ServiceUnavailable" });
      },
      { step: "initialize" },
    );
    const down = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: failing });
    await expect(down.put(lead())).rejects.toThrow("down");
    failing.destroy();
  });

  test("should file the lead under the day it came, for the daily index", async () => {
    const record = await stored({ receivedAt: "2026-11-18T23:59:59.000Z" });
    expect((await raw(`lead#${record.submissionId}`))?.day).toEqual({ S: "2026-11-18" });
  });
});

describe("claim", () => {
  const LEASE = 60_000;

  test("should give a received lead to one worker, counting the attempt, and to no other while the lease runs", async () => {
    const record = await stored();
    const claimed = await store.claim(record.submissionId, LEASE, NOW, NOW);
    expect(claimed).toMatchObject({ attempts: 1, leaseUntil: NOW.getTime() + LEASE, updatedAt: NOW.toISOString() });
    expect(claimed?.lead.name).toBe("Asha");
    expect(await store.claim(record.submissionId, LEASE, later(LEASE), later(LEASE))).toBeUndefined();
    expect((await store.get(record.submissionId))?.attempts).toBe(1);
  });

  test("should give the lead to another worker once the lease has run out", async () => {
    const record = await stored();
    await store.claim(record.submissionId, LEASE, NOW, NOW);
    const next = await store.claim(record.submissionId, LEASE, later(LEASE + 1), later(LEASE + 1));
    expect(next).toMatchObject({ attempts: 2, leaseUntil: later(LEASE + 1).getTime() + LEASE });
  });

  test("should let a failed lead be tried again", async () => {
    const record = await stored({ status: "failed", attempts: 2 });
    expect(await store.claim(record.submissionId, LEASE, NOW, NOW)).toMatchObject({ status: "failed", attempts: 3 });
  });

  test("should never give out a lead that is mailed, acknowledged or in the spam folder", async () => {
    for (const status of ["mailed", "acknowledged", "spam"] as const) {
      const record = await stored({ status });
      expect(await store.claim(record.submissionId, LEASE, NOW, NOW)).toBeUndefined();
      expect((await store.get(record.submissionId))?.attempts).toBe(0);
    }
  });

  test("should retry an unknown lead only after a quiet pause with no send event", async () => {
    const record = await stored({ status: "unknown", updatedAt: NOW.toISOString() });
    // The pause began when it turned unknown: not yet over.
    expect(await store.claim(record.submissionId, LEASE, later(1), NOW)).toBeUndefined();
    expect(await store.claim(record.submissionId, LEASE, later(2), later(1))).toMatchObject({
      status: "unknown",
      attempts: 1,
    });
  });

  test("should not make up a lead that is not in the store", async () => {
    const id = randomUUID();
    expect(await store.claim(id, LEASE, NOW, NOW)).toBeUndefined();
    expect(await store.get(id)).toBeUndefined();
  });
});

describe("markMailed", () => {
  test("should mark a lead mailed from any unmailed status and give it as it was before", async () => {
    for (const status of ["received", "failed", "unknown"] as const) {
      const record = await stored({ status, attempts: 1, updatedAt: "2026-11-19T00:00:00.000Z" });
      await store.claim(record.submissionId, 60_000, NOW, NOW);
      const before = await store.markMailed(record.submissionId, later(5));
      expect(before).toMatchObject({ status, attempts: 2, leaseUntil: NOW.getTime() + 60_000 });
      expect(await store.get(record.submissionId)).toMatchObject({
        status: "mailed",
        updatedAt: later(5).toISOString(),
        leaseUntil: undefined,
      });
      expect((await raw(`lead#${record.submissionId}`))?.mailedAt).toEqual({ S: later(5).toISOString() });
    }
  });

  test("should mail a lead once: a second mark finds it mailed and changes nothing", async () => {
    const record = await stored();
    await store.markMailed(record.submissionId, later(5));
    expect(await store.markMailed(record.submissionId, later(9))).toBeUndefined();
    expect((await store.get(record.submissionId))?.updatedAt).toBe(later(5).toISOString());
  });

  test("should not mark a lead in the spam folder, nor one that does not exist", async () => {
    const spam = await stored({ status: "spam", spamReason: "honeypot" });
    expect(await store.markMailed(spam.submissionId, NOW)).toBeUndefined();
    expect((await store.get(spam.submissionId))?.status).toBe("spam");
    const id = randomUUID();
    expect(await store.markMailed(id, NOW)).toBeUndefined();
    expect(await store.get(id)).toBeUndefined();
  });
});

describe("markFailed and markUnknown", () => {
  test("should end an attempt as failed with its error code, and free the lead for the next one", async () => {
    const record = await stored();
    await store.claim(record.submissionId, 60_000, NOW, NOW);
    expect(await store.markFailed(record.submissionId, "Throttling", later(3))).toBe(true);
    expect(await store.get(record.submissionId)).toMatchObject({
      status: "failed",
      lastError: "Throttling",
      updatedAt: later(3).toISOString(),
      leaseUntil: undefined,
    });
    expect(await store.claim(record.submissionId, 60_000, later(4), later(4))).toMatchObject({ attempts: 2 });
  });

  test("should end an attempt SES did not answer as unknown, from a retry of an unknown lead too", async () => {
    const record = await stored({ status: "unknown" });
    expect(await store.markUnknown(record.submissionId, "DeadlineExceeded", later(3))).toBe(true);
    expect(await store.get(record.submissionId)).toMatchObject({
      status: "unknown",
      lastError: "DeadlineExceeded",
      updatedAt: later(3).toISOString(),
    });
    expect(await store.markFailed(record.submissionId, "MessageRejected", later(4))).toBe(true);
    expect((await store.get(record.submissionId))?.status).toBe("failed");
  });

  test("should keep a lead mailed when its send event came first, and say so", async () => {
    const record = await stored();
    await store.markMailed(record.submissionId, later(1));
    expect(await store.markFailed(record.submissionId, "Throttling", later(2))).toBe(false);
    expect(await store.markUnknown(record.submissionId, "DeadlineExceeded", later(2))).toBe(false);
    expect(await store.get(record.submissionId)).toMatchObject({ status: "mailed", lastError: undefined });
  });
});

describe("release", () => {
  test("should give the lease back without counting an attempt that was never made", async () => {
    const record = await stored({ status: "failed", attempts: 2 });
    await store.claim(record.submissionId, 60_000, NOW, NOW);
    await store.release(record.submissionId, later(1));
    expect(await store.get(record.submissionId)).toMatchObject({
      attempts: 2,
      leaseUntil: undefined,
      updatedAt: later(1).toISOString(),
    });
    // Free at once: another worker need not wait for the lease to run out.
    expect(await store.claim(record.submissionId, 60_000, later(2), later(2))).toMatchObject({ attempts: 3 });
  });

  test("should change nothing of a lead nobody holds, nor count below zero", async () => {
    const free = await stored({ attempts: 2 });
    await store.release(free.submissionId, later(1));
    expect(await store.get(free.submissionId)).toMatchObject({ attempts: 2, updatedAt: NOW.toISOString() });
    // A lease with no attempt counted: only odd data has one.
    const id = randomUUID();
    await putRaw({
      pk: { S: `lead#${id}` },
      submissionId: { S: id },
      status: { S: "received" },
      attempts: { N: "0" },
      leaseUntil: { N: String(later(60_000).getTime()) },
    });
    await store.release(id, later(1));
    expect(await store.get(id)).toMatchObject({ attempts: 0, leaseUntil: later(60_000).getTime() });
  });
});

describe("markAcknowledgement", () => {
  test("should mark a mailed lead acknowledged once the visitor's confirmation is sent", async () => {
    const record = await stored({ status: "mailed" });
    await store.markAcknowledgement(record.submissionId, "sent", later(1));
    expect(await store.get(record.submissionId)).toMatchObject({
      status: "acknowledged",
      updatedAt: later(1).toISOString(),
    });
    expect((await raw(`lead#${record.submissionId}`))?.acknowledgement).toEqual({ S: "sent" });
  });

  test("should keep a lead mailed, noting why, when the confirmation was not sent", async () => {
    for (const outcome of ["limited", "failed", "off"] as const) {
      const record = await stored({ status: "mailed" });
      await store.markAcknowledgement(record.submissionId, outcome, later(1));
      expect(await store.get(record.submissionId)).toMatchObject({
        status: "mailed",
        updatedAt: later(1).toISOString(),
      });
      expect((await raw(`lead#${record.submissionId}`))?.acknowledgement).toEqual({ S: outcome });
    }
  });

  test("should not touch a lead that is not mailed", async () => {
    const record = await stored({ status: "failed" });
    await store.markAcknowledgement(record.submissionId, "sent", later(1));
    expect(await store.get(record.submissionId)).toMatchObject({ status: "failed", updatedAt: NOW.toISOString() });
  });
});

describe("claimFollowUp", () => {
  test("should give a mailed lead's hand-on to the first claimant only (again to it), and none for a lead not recorded mailed", async () => {
    const record = await stored({ status: "mailed" });
    expect(await store.claimFollowUp(record.submissionId, later(1), "attempt")).toBe(true);
    expect(await store.claimFollowUp(record.submissionId, later(2), "event")).toBe(false);
    // The same claimant again (its first answer was lost): still its claim.
    expect(await store.claimFollowUp(record.submissionId, later(2), "attempt")).toBe(true);
    expect((await raw(`lead#${record.submissionId}`))?.acknowledgement).toEqual({ S: "pending" });
    await store.markAcknowledgement(record.submissionId, "sent", later(3));
    expect(await store.claimFollowUp(record.submissionId, later(4), "attempt")).toBe(false);
    const unmailed = await stored({ status: "received" });
    expect(await store.claimFollowUp(unmailed.submissionId, later(1), "attempt")).toBe(false);
  });
});

describe("countAcknowledgement", () => {
  const DAY = 86_400;

  test("should count one mailbox however it is spelled, up to the day's limit", async () => {
    const spellings = ["Victim+1@Gmail.com", " v.ictim+2@googlemail.com", "victim@gmail.com"];
    const counted = [];
    // All in one UTC day (it began at midnight, NOW is 10:00).
    for (const [hour, address] of spellings.entries())
      counted.push(await store.countAcknowledgement(address, 2, later(hour * 3_600_000), 30 * DAY));
    expect(counted).toEqual([true, true, false]);
    // The next day is counted afresh.
    expect(await store.countAcknowledgement("victim@gmail.com", 2, later(DAY * 1000), 30 * DAY)).toBe(true);
  });

  test("should keep the counter two days, never longer than leads are kept, and never the address", async () => {
    await store.countAcknowledgement("asha@example.org", 5, NOW, 30 * DAY);
    const item = await raw(ackKey("asha@example.org", NOW));
    expect(item).toMatchObject({ count: { N: "1" }, expiresAt: { N: String(NOW.getTime() / 1000 + 2 * DAY) } });
    expect(JSON.stringify(item)).not.toContain("asha");
    await store.countAcknowledgement("ravi@example.org", 5, NOW, 3600);
    expect((await raw(ackKey("ravi@example.org", NOW)))?.expiresAt).toEqual({ N: String(NOW.getTime() / 1000 + 3600) });
  });

  test("should count nothing when acknowledgements are capped at zero", async () => {
    expect(await store.countAcknowledgement("zero@example.org", 0, NOW, DAY)).toBe(false);
    expect(await raw(ackKey("zero@example.org", NOW))).toBeUndefined();
  });
});

describe("countClientAcknowledgement", () => {
  test("should count a client's acknowledgements per hour, up to the limit, kept two hours", async () => {
    const counted = [];
    // All in one UTC hour.
    for (let minute = 0; minute < 3; minute++)
      counted.push(await store.countClientAcknowledgement("client-a", 2, later(minute * 60_000)));
    expect(counted).toEqual([true, true, false]);
    expect(await store.countClientAcknowledgement("client-a", 2, later(3_600_000))).toBe(true);
    expect(await store.countClientAcknowledgement("client-b", 2, NOW)).toBe(true);
    // A number attribute the table's TTL and ADD read, as every counter already stored has it.
    expect(await raw(ackClientKey("client-a", NOW))).toEqual({
      pk: { S: ackClientKey("client-a", NOW) },
      count: { N: "2" },
      expiresAt: { N: String(NOW.getTime() / 1000 + 7200) },
    });
    expect(await store.countClientAcknowledgement("client-c", 0, NOW)).toBe(false);
  });
});

describe("dropPhantom", () => {
  test("should leave nothing behind where no lead is, and never delete a lead that is really stored", async () => {
    const id = randomUUID();
    await store.dropPhantom({ submissionId: id, receivedAt: NOW.toISOString() });
    expect(await raw(`lead#${id}`)).toBeUndefined();
    const record = await stored();
    await store.dropPhantom(record);
    expect((await store.get(record.submissionId))?.lead.name).toBe("Asha");
  });

  test("should remove the entry, so that listings stop showing it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "lead-store-phantom-"));
    const { Level } = createRequire(createRequire(import.meta.url).resolve("dynalite"))("level") as {
      Level: new (
        dir: string,
        options: { valueEncoding: "json" },
      ) => AsyncIterable<[string, { pk?: { S?: string } }]> & {
        iterator(): AsyncIterable<[string, { pk?: { S?: string } }]>;
        del(key: string): Promise<void>;
        close(): Promise<void>;
      };
    };
    const record = lead();
    let local = await startLocalTable({ dataDir });
    try {
      const onDisk = () =>
        createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: local.client });
      await onDisk().put(record);
      await local.close();
      // What a kill -9 of the local store can leave: the index entry written, the lead itself not.
      const db = new Level(dataDir, { valueEncoding: "json" });
      for await (const [key, value] of db.iterator())
        if (key.startsWith("item-") && value.pk?.S === `lead#${record.submissionId}`) await db.del(key);
      await db.close();
      local = await startLocalTable({ dataDir });
      const listed = async () => {
        const ids = [];
        for await (const entry of onDisk().list(NOW, { now: NOW, indexOnly: true })) ids.push(entry.submissionId);
        return ids;
      };
      expect(await listed()).toEqual([record.submissionId]);
      await onDisk().dropPhantom(record);
      expect(await listed()).toEqual([]);
    } finally {
      await local.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("list", () => {
  /** Leads of a table of their own, so other tests' leads do not show. */
  async function listed(
    records: Partial<LeadRecord>[],
    since: Date,
    {
      indexOnly,
      retentionDays = 1,
      client = dynamo.client,
      now = NOW,
    }: {
      indexOnly?: boolean;
      retentionDays?: number;
      client?: DynamoDBClient;
      now?: Date;
    } = {},
  ) {
    const own = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client, retentionDays });
    // A form name of this call's own: only its leads are kept from the listing.
    const form = `form-${randomUUID()}`;
    for (const record of records) await own.put(lead({ form, ...record }));
    const found: LeadRecord[] = [];
    for await (const record of own.list(since, { now, indexOnly })) if (record.form === form) found.push(record);
    return found;
  }

  test("should list the leads received since a date, newest first, across days", async () => {
    const found = await listed(
      [
        { receivedAt: "2026-11-18T09:00:00.000Z" },
        { receivedAt: "2026-11-20T08:00:00.000Z" },
        { receivedAt: "2026-11-19T12:00:00.000Z" },
        { receivedAt: "2026-11-18T07:59:59.999Z" },
      ],
      new Date("2026-11-18T08:00:00.000Z"),
    );
    expect(found.map((record) => record.receivedAt)).toEqual([
      "2026-11-20T08:00:00.000Z",
      "2026-11-19T12:00:00.000Z",
      "2026-11-18T09:00:00.000Z",
    ]);
    expect(found[0]?.lead.name).toBe("Asha");
  });

  test("should reach back as far as leads (or spam) are kept, two days' grace included, and no further", async () => {
    const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
    const records = [{ receivedAt: days(10) }, { receivedAt: days(31) }, { receivedAt: days(33) }];
    // Spam is kept 30 days: a store keeping leads 1 day still lists 30 + 2 back.
    expect((await listed(records, new Date(days(60)))).map((record) => record.receivedAt)).toEqual([
      days(10),
      days(31),
    ]);
    expect(
      (await listed(records, new Date(days(60)), { retentionDays: 40 })).map((record) => record.receivedAt),
    ).toEqual([days(10), days(31), days(33)]);
  });

  test("should give only the index's fields when asked, without reading each lead", async () => {
    const [found] = await listed([{ status: "failed", lastError: "Throttling" }], NOW, { indexOnly: true });
    expect(found).toMatchObject({ status: "failed", form: expect.stringMatching(/^form-/), lead: {} });
    expect(found?.lastError).toBeUndefined();
  });

  test("should give each of more leads than one batch read takes once", async () => {
    const found = await listed(
      Array.from({ length: 101 }, (_, n) => ({ receivedAt: later(n).toISOString() })),
      NOW,
    );
    expect(new Set(found.map((record) => record.receivedAt)).size).toBe(101);
    expect(found).toHaveLength(101);
    expect(found.every((record) => record.lead.name === "Asha")).toBe(true);
  });

  test("should list a day with more leads than one page of the index holds", async () => {
    const paged = localDynamoClient(dynamo.endpoint);
    // One entry a page, as a day of many leads (1 MB a page) would be.
    paged.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === "QueryCommand") Object.assign(args.input as object, { Limit: 1 });
        return next(args);
      },
      { step: "initialize" },
    );
    // A day of their own: the other tests' leads are on NOW's.
    const times = ["2026-10-05T01:00:00.000Z", "2026-10-05T02:00:00.000Z", "2026-10-05T03:00:00.000Z"];
    const found = await listed(
      times.map((receivedAt) => ({ receivedAt })),
      new Date("2026-10-05T00:00:00.000Z"),
      { client: paged, now: new Date("2026-10-05T12:00:00.000Z") },
    );
    expect(found.map((record) => record.receivedAt)).toEqual([...times].reverse());
    paged.destroy();
  });

  /** A client whose first `throttledReads` batch reads read nothing and give every key back, as a throttled table does. */
  function throttledBatches(throttledReads: number) {
    const throttled = localDynamoClient(dynamo.endpoint);
    let batchReads = 0;
    throttled.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === "BatchGetItemCommand" && ++batchReads <= throttledReads) {
          const asked = (args.input as { RequestItems: Record<string, { Keys: unknown[] }> }).RequestItems;
          Object.assign(result.output as object, { Responses: {}, UnprocessedKeys: asked });
        }
        return result;
      },
      { step: "initialize" },
    );
    return { throttled, reads: () => batchReads };
  }

  test("should ask again for leads a throttled batch read left out, after a pause that doubles each time", async () => {
    // The first two answers read nothing and give every key back as unprocessed, as DynamoDB does when throttled.
    const { throttled, reads } = throttledBatches(2);
    const day = "2026-10-06";
    /** Lets the store's requests run (real I/O) until `condition` holds, or for a while when it never does. */
    const turns = async (condition: () => boolean) => {
      for (let turn = 0; turn < 2_000 && !condition(); turn++) await new Promise((resolve) => setImmediate(resolve));
      // The answer's promise chain up to the pause it starts.
      await new Promise((resolve) => setImmediate(resolve));
    };
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const listing = listed(
        [{ receivedAt: `${day}T01:00:00.000Z` }, { receivedAt: `${day}T02:00:00.000Z` }],
        new Date(`${day}T00:00:00.000Z`),
        { client: throttled, now: new Date(`${day}T12:00:00.000Z`) },
      );
      await turns(() => reads() === 1);
      // Not asked again before the first pause (50 ms) is over.
      await vi.advanceTimersByTimeAsync(49);
      await turns(() => reads() > 1);
      expect(reads()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await turns(() => reads() > 1);
      expect(reads()).toBe(2);
      // The second pause is twice as long.
      await vi.advanceTimersByTimeAsync(99);
      await turns(() => reads() > 2);
      expect(reads()).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect((await listing).map((record) => record.lead.name)).toEqual(["Asha", "Asha"]);
      expect(reads()).toBe(3);
    } finally {
      vi.useRealTimers();
      throttled.destroy();
    }
  });

  test("should not wait on a table that stays throttled: after ten reads it lists what the index holds", async () => {
    const { throttled, reads } = throttledBatches(Number.POSITIVE_INFINITY);
    const day = "2026-10-07";
    let found: LeadRecord[] | undefined;
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      void listed([{ receivedAt: `${day}T01:00:00.000Z` }], new Date(`${day}T00:00:00.000Z`), {
        client: throttled,
        now: new Date(`${day}T12:00:00.000Z`),
      }).then((records) => {
        found = records;
      });
      for (let pause = 0; pause < 20 && !found; pause++) {
        for (let turn = 0; turn < 2_000 && reads() === pause; turn++)
          await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(60_000);
      }
      expect(reads()).toBe(10);
      expect(found?.map((record) => ({ ...record.lead }))).toEqual([{}]);
    } finally {
      vi.useRealTimers();
      throttled.destroy();
    }
  });

  test("should give an index entry whose lead is gone as the index holds it, for the caller to drop", async () => {
    const lossy = localDynamoClient(dynamo.endpoint);
    // The table answers the batch read without the lead, as after a crash of the local store between its writes.
    lossy.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === "BatchGetItemCommand")
          delete (result.output as { Responses?: Record<string, unknown[]> }).Responses;
        return result;
      },
      { step: "initialize" },
    );
    const found = await listed([{ lastError: "Throttling" }], NOW, { client: lossy });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: "received", lead: {}, lastError: undefined });
    lossy.destroy();
  });
});

describe("listedDays", () => {
  test("should name each UTC day from now back to the day of `since`, stopping at the retention and its two days' grace", () => {
    expect(listedDays(new Date("2026-11-18T23:00:00.000Z"), new Date("2026-11-20T01:00:00.000Z"), 30)).toEqual([
      "2026-11-20",
      "2026-11-19",
      "2026-11-18",
    ]);
    const days = listedDays(new Date(0), new Date("2026-11-20T12:00:00.000Z"), 3);
    expect(days).toEqual(["2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16", "2026-11-15"]);
  });
});

describe("normaliseAddress", () => {
  test("should count a Gmail address as one however its dots, tag and case are written", () => {
    expect(normaliseAddress(" V.ictim+news@GoogleMail.com ")).toBe("victim@gmail.com");
    expect(normaliseAddress("a.b+x@example.org")).toBe("a.b@example.org");
    expect(normaliseAddress("Not An Address")).toBe("not an address");
    expect(normaliseAddress("+tag@example.org")).toBe("@example.org");
  });
});

describe("clientHash", () => {
  test("should keep one hash for a client however its address is written, and never the address", () => {
    expect(clientHash(" 2001:DB8::1 ")).toBe(clientHash("2001:db8::1"));
    // The hash leads already stored carry: a new version must count them with the same one.
    expect(clientHash("2001:DB8::1")).toBe(createHash("sha256").update("client#2001:db8::1").digest("hex"));
    expect(clientHash("203.0.113.9")).toMatch(/^[0-9a-f]{64}$/);
    expect(clientHash("203.0.113.9")).not.toBe(clientHash("203.0.113.10"));
  });
});

describe("storeCannotWrite and isUnmailed", () => {
  test("should tell the local store's full disk apart from any other error, and count received, failed and unknown leads as not mailed yet", () => {
    expect(storeCannotWrite(Object.assign(new Error("disk full"), { name: STORE_CANNOT_WRITE }))).toBe(true);
    expect(storeCannotWrite(new Error("disk full"))).toBe(false);
    expect(storeCannotWrite({ name: STORE_CANNOT_WRITE })).toBe(false);
    expect(
      (["received", "mailed", "acknowledged", "failed", "unknown", "spam"] as const).filter((status) =>
        isUnmailed(status),
      ),
    ).toEqual(["received", "failed", "unknown"]);
  });
});

describe("createDynamoLeadStore without a client", () => {
  test("should talk to the endpoint it is given", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "local");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "local");
    try {
      const own = createDynamoLeadStore({
        tableName: LOCAL_LEADS_TABLE,
        region: "us-east-1",
        endpoint: dynamo.endpoint,
      });
      const record = await stored();
      expect((await own.get(record.submissionId))?.submissionId).toBe(record.submissionId);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

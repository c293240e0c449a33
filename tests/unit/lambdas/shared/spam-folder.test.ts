import { createHash, randomUUID } from "node:crypto";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import * as z from "zod/mini";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LeadRecord } from "../../../../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore } from "../../../../lambdas/shared/lead-store.ts";
import {
  createDynamoRateLimit,
  ALL_CLIENTS,
  createDynamoSuspectCap,
  describeSuspectCounts,
  droppedKeyCount,
  formKeys,
  releaseSpamLead,
  spamExpiresAt,
  type SuspectCount,
  suspectCounts,
  suspectFields,
  trapReason,
} from "../../../../lambdas/shared/spam-folder.ts";
import { LEAD_SPAM } from "../../../../src/lib/limits.ts";
import { LEAD_FIELD_MAX, MIN_FILL_MS } from "../../../../src/schemas/lead-fields.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo } from "../../../../server/local-dynamo.ts";
import { startLocalTable } from "../local-table.ts";

/**
 * The spam folder: which bodies the traps catch, what is kept of a suspected lead, the per-client limit and
 * cap counted in an in-memory dynalite, the counts `npm run leads` and the digest show, and a release.
 */
let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalTable();
});
afterAll(() => dynamo?.close());

const NOW = new Date("2026-11-20T10:15:00.000Z");
const HOUR = 3_600_000;
const later = (ms: number, from = NOW) => new Date(from.getTime() + ms);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const raw = async (pk: string) =>
  (await dynamo.client.send(new GetItemCommand({ TableName: LOCAL_LEADS_TABLE, Key: { pk: { S: pk } } }))).Item;
/** A client address of the test's own, so counters of other tests do not add up. */
const clientAddress = () => `198.51.100.${randomUUID()}`;

describe("trapReason", () => {
  const person = { name: "Asha", website: "", elapsedMs: MIN_FILL_MS };

  test("should let a body through that a person sent: hidden field empty, filled in no faster than a person can", () => {
    expect(trapReason(person)).toBeUndefined();
    expect(trapReason({ ...person, website: null })).toBeUndefined();
    expect(trapReason({ ...person, website: undefined })).toBeUndefined();
  });

  test("should catch a body whose hidden field is filled in, whatever its value", () => {
    for (const website of ["https://spam.example", 0, false, " "])
      expect(trapReason({ ...person, website })).toBe("honeypot");
  });

  test("should catch a body sent too fast, or without a fill time a number", () => {
    for (const elapsedMs of [MIN_FILL_MS - 1, undefined, "5000", Number.NaN, Number.POSITIVE_INFINITY])
      expect(trapReason({ ...person, elapsedMs })).toBe("too-fast");
  });
});

describe("formKeys and droppedKeyCount", () => {
  const form = z.object({ name: z.string(), email: z.string() });

  test("should name a form's fields, through a pipe as well", () => {
    expect(formKeys(form)).toEqual(["name", "email"]);
    expect(
      formKeys(
        z.pipe(
          form,
          z.transform((value) => value),
        ),
      ),
    ).toEqual(["name", "email"]);
    expect(formKeys(z.string())).toEqual([]);
  });

  test("should count the body's keys that are neither the form's fields nor its traps and id", () => {
    const body = { name: "a", email: "b", website: "", elapsedMs: 1, submissionId: "x", utm: "c", extra: 1 };
    expect(droppedKeyCount(body, formKeys(form))).toBe(2);
    expect(droppedKeyCount({ name: "a" }, ["name"])).toBe(0);
  });
});

describe("suspectFields", () => {
  test("should keep the form's text fields, each cut to the form's limit, and say how much was cut", () => {
    const kept = suspectFields(
      { name: "n".repeat(LEAD_FIELD_MAX.name + 5), message: "Hello", email: 42, bot: "x", website: "spam" },
      ["name", "message", "email", "note"],
    );
    expect(kept).toEqual({
      lead: { name: "n".repeat(LEAD_FIELD_MAX.name), message: "Hello" },
      truncated: { name: 5 },
      // `bot`, and `email`, which is not text.
      droppedKeys: 2,
    });
  });

  test("should cut a field the forms give no limit of their own to 200 characters", () => {
    const kept = suspectFields({ note: "x".repeat(250), name: "n".repeat(LEAD_FIELD_MAX.name) }, ["note", "name"]);
    expect(kept.lead.note).toHaveLength(200);
    expect(kept.truncated).toEqual({ note: 50 });
  });

  test("should keep no field the body only inherits, and nothing a lone surrogate could break", () => {
    const body = Object.assign(Object.create({ subject: "inherited" }) as Record<string, unknown>, {
      name: `Asha\ud800`,
      message: `${"m".repeat(LEAD_FIELD_MAX.message - 1)}😀`,
    });
    const kept = suspectFields(body, ["name", "subject", "message", "toString"]);
    expect(kept.lead).toEqual({ name: "Asha\ufffd", message: `${"m".repeat(LEAD_FIELD_MAX.message - 1)}\ufffd` });
    expect(Object.keys(kept.lead)).toEqual(["name", "message"]);
    expect(kept.truncated).toEqual({ message: 1 });
  });
});

describe("createDynamoRateLimit", () => {
  test("should admit a client's leads up to the hourly limit, counting on past it, and start afresh the next hour", async () => {
    const limit = createDynamoRateLimit({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE, limit: 2 });
    const address = clientAddress();
    const admitted = [];
    for (let minute = 0; minute < 4; minute++) admitted.push(await limit.admit(address, later(minute * 60_000)));
    expect(admitted).toEqual([true, true, false, false]);
    expect(await limit.admit(clientAddress(), NOW)).toBe(true);
    expect(await limit.admit(address, later(HOUR))).toBe(true);
    // The counter is kept under the address's hash for two hours.
    const item = await raw(`rate#${sha256(address)}#2026-11-20T10`);
    expect(item).toMatchObject({
      count: { N: "4" },
      expiresAt: { N: String(Math.floor(NOW.getTime() / 1000) + 7200) },
    });
  });
});

describe("createDynamoSuspectCap", () => {
  test("should store a client's first suspected leads an hour and only count the rest", async () => {
    const cap = createDynamoSuspectCap({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE, limit: 2 });
    const address = clientAddress();
    const stored = [];
    for (let minute = 0; minute < 3; minute++) stored.push(await cap.admit(address, later(minute * 60_000)));
    expect(stored).toEqual([true, true, false]);
    expect(await cap.admit(address, later(HOUR))).toBe(true);
  });

  test("should count leads only the rate limit filed apart, against their own larger cap", async () => {
    const cap = createDynamoSuspectCap({
      client: dynamo.client,
      tableName: LOCAL_LEADS_TABLE,
      limit: 1,
      overLimitLimit: 3,
    });
    const address = clientAddress();
    expect(await cap.admit(address, NOW)).toBe(true);
    expect(await cap.admit(address, NOW)).toBe(false);
    const limited = [];
    for (let n = 0; n < 4; n++) limited.push(await cap.admit(address, NOW, true));
    expect(limited).toEqual([true, true, true, false]);
  });

  test("should use the default cap for rate-limited leads", async () => {
    const cap = createDynamoSuspectCap({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE, limit: 1 });
    const address = clientAddress();
    await cap.admit(address, NOW, true);
    expect((await raw(`suspect#${sha256(address)}#2026-11-20T10#limit`))?.cap).toEqual({
      N: String(LEAD_SPAM.storedLimitedPerClientHour),
    });
  });

  test("should keep its counter as long as the spam it stands for, listed under its day and hour", async () => {
    const cap = createDynamoSuspectCap({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE, limit: 5 });
    const address = clientAddress();
    await cap.admit(address, NOW);
    await cap.admit(address, later(60_000));
    expect(await raw(`suspect#${sha256(address)}#2026-11-20T10`)).toEqual({
      pk: { S: `suspect#${sha256(address)}#2026-11-20T10` },
      count: { N: "2" },
      cap: { N: "5" },
      day: { S: "suspect#2026-11-20" },
      receivedAt: { S: "2026-11-20T10:00:00.000Z" },
      updatedAt: { S: later(60_000).toISOString() },
      expiresAt: { N: String(spamExpiresAt(NOW)) },
    });
  });
});

describe("the bound on every client together", () => {
  test("should store no more suspected leads an hour than the bound across any number of clients, and count the rest where the digest and the report read them", async () => {
    const table = `suspects-${randomUUID()}`;
    const { ensureLeadsTable } = await import("../../../../server/local-dynamo.ts");
    await ensureLeadsTable(dynamo.client, table);
    const cap = createDynamoSuspectCap({ client: dynamo.client, tableName: table, limit: 2, totalLimit: 5 });
    const stored: boolean[] = [];
    // 10 addresses, 2 each: every one within its own cap; 20 suspected leads in the hour.
    for (let n = 0; n < 20; n++) stored.push(await cap.admit(`203.0.113.${n % 10}`, later(n * 1_000)));
    expect(stored.filter(Boolean)).toHaveLength(5);
    expect(await cap.admit("203.0.113.99", later(HOUR))).toBe(true);
    const counts = await suspectCounts(dynamo.client, table, later(-HOUR), later(2 * HOUR));
    expect(counts).toEqual([expect.objectContaining({ client: ALL_CLIENTS, count: 20, notStored: 15 })]);
    expect(describeSuspectCounts(counts)).toMatch(
      /^Also 15 suspected leads counted, not stored .*: 2026-11-20 10h all clients: 15$/,
    );
    expect(LEAD_SPAM.storedPerHour).toBe(300);
  });
});

describe("suspectCounts", () => {
  /** A table of its own: the counts are of every client in it. */
  async function counted(admit: (cap: ReturnType<typeof createDynamoSuspectCap>) => Promise<void>) {
    const table = `suspects-${randomUUID()}`;
    const { ensureLeadsTable } = await import("../../../../server/local-dynamo.ts");
    await ensureLeadsTable(dynamo.client, table);
    await admit(createDynamoSuspectCap({ client: dynamo.client, tableName: table, limit: 2, overLimitLimit: 3 }));
    return table;
  }

  test("should list each hour a client went over the cap, newest first, with how many were not stored", async () => {
    const a = "203.0.113.1";
    const b = "203.0.113.2";
    const table = await counted(async (cap) => {
      for (let n = 0; n < 5; n++) await cap.admit(a, later(n * 60_000, new Date("2026-11-19T08:00:00.000Z")));
      for (let n = 0; n < 3; n++) await cap.admit(b, later(n * 60_000));
      // At the cap, every one stored: not listed.
      for (let n = 0; n < 2; n++) await cap.admit(b, later(HOUR + n * 60_000));
      for (let n = 0; n < 5; n++) await cap.admit(b, later(2 * HOUR), true);
    });
    const counts = await suspectCounts(dynamo.client, table, new Date("2026-11-19T00:00:00.000Z"), later(3 * HOUR));
    expect(counts).toEqual([
      {
        hour: "2026-11-20T12:00:00.000Z",
        client: sha256(b).slice(0, 8),
        count: 5,
        notStored: 2,
        updatedAt: later(2 * HOUR).toISOString(),
      },
      {
        hour: "2026-11-20T10:00:00.000Z",
        client: sha256(b).slice(0, 8),
        count: 3,
        notStored: 1,
        updatedAt: later(2 * 60_000).toISOString(),
      },
      {
        hour: "2026-11-19T08:00:00.000Z",
        client: sha256(a).slice(0, 8),
        count: 5,
        notStored: 3,
        updatedAt: "2026-11-19T08:04:00.000Z",
      },
    ] satisfies SuspectCount[]);
  });

  test("should list an hour that began before `since` only when it counted after it", async () => {
    const table = await counted(async (cap) => {
      for (let n = 0; n < 3; n++) await cap.admit("203.0.113.3", new Date(`2026-11-20T09:0${n}:00.000Z`));
      for (let n = 0; n < 3; n++) await cap.admit("203.0.113.4", new Date(`2026-11-20T09:5${n}:00.000Z`));
    });
    const counts = await suspectCounts(dynamo.client, table, new Date("2026-11-20T09:30:00.000Z"), NOW);
    expect(counts.map((count) => count.updatedAt)).toEqual(["2026-11-20T09:52:00.000Z"]);
    // Just before its last count: listed.
    expect(await suspectCounts(dynamo.client, table, new Date("2026-11-20T09:52:00.000Z"), NOW)).toHaveLength(1);
  });

  test("should read a counter without its cap against the given limit", async () => {
    const table = await counted(async () => undefined);
    const { PutItemCommand } = await import("@aws-sdk/client-dynamodb");
    await dynamo.client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: `suspect#${sha256("203.0.113.5")}#2026-11-20T10` },
          count: { N: "7" },
          day: { S: "suspect#2026-11-20" },
          receivedAt: { S: "2026-11-20T10:00:00.000Z" },
          updatedAt: { S: NOW.toISOString() },
        },
      }),
    );
    expect((await suspectCounts(dynamo.client, table, later(-HOUR), NOW, 4)).map((count) => count.notStored)).toEqual([
      3,
    ]);
    // A counter that does not say when it last counted is not listed as new.
    await dynamo.client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: `suspect#${sha256("203.0.113.6")}#2026-11-20T10` },
          count: { N: "9" },
          day: { S: "suspect#2026-11-20" },
          receivedAt: { S: "2026-11-20T10:00:00.000Z" },
        },
      }),
    );
    expect((await suspectCounts(dynamo.client, table, later(-HOUR), NOW, 4)).map((count) => count.count)).toEqual([7]);
    expect(await suspectCounts(dynamo.client, table, later(-HOUR), NOW)).toEqual([]);
  });
});

describe("describeSuspectCounts", () => {
  const count = (notStored: number, hour = "2026-11-20T10:00:00.000Z"): SuspectCount => ({
    hour,
    client: "ab12cd34",
    count: 20 + notStored,
    notStored,
    updatedAt: hour,
  });

  test("should say nothing when nothing went uncounted", () => {
    expect(describeSuspectCounts([])).toBe("");
    expect(describeSuspectCounts([count(0)])).toBe("");
  });

  test("should give the total and each hour in one line", () => {
    expect(describeSuspectCounts([count(1)])).toBe(
      `Also 1 suspected lead counted, not stored (over ${LEAD_SPAM.storedPerClientHour} caught by a trap, or ${LEAD_SPAM.storedLimitedPerClientHour} over the rate limit, an hour from one client, or ${LEAD_SPAM.storedPerHour} an hour from all clients together): 2026-11-20 10h client ab12cd34: 1`,
    );
    expect(describeSuspectCounts([count(2), count(3, "2026-11-19T23:00:00.000Z")])).toMatch(
      /^Also 5 suspected leads counted, .*: 2026-11-20 10h client ab12cd34: 2; 2026-11-19 23h client ab12cd34: 3$/,
    );
  });
});

describe("spamExpiresAt", () => {
  test("should keep spam 30 days", () => {
    expect(spamExpiresAt(new Date("2026-11-20T10:00:00.900Z"))).toBe(
      Date.parse("2026-11-20T10:00:00.000Z") / 1000 + LEAD_SPAM.retentionDays * 86_400,
    );
  });
});

describe("releaseSpamLead", () => {
  const store = () =>
    createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
  const spam = (): LeadRecord => ({
    submissionId: randomUUID(),
    form: "send-contact-email",
    status: "spam",
    spamReason: "rate-limited",
    receivedAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    attempts: 0,
    lead: { name: "Asha" },
    expiresAt: spamExpiresAt(NOW),
  });

  test("should move a lead out of the spam folder to be mailed, kept as long as any lead from now", async () => {
    const lead = spam();
    await store().put(lead);
    const at = later(HOUR);
    expect(await releaseSpamLead(dynamo.client, LOCAL_LEADS_TABLE, lead.submissionId, at, 365)).toBe(true);
    expect(await store().get(lead.submissionId)).toMatchObject({
      status: "received",
      updatedAt: at.toISOString(),
      expiresAt: at.getTime() / 1000 + 365 * 86_400,
    });
    // As the sweep's index reads it.
    expect(await raw(`lead#${lead.submissionId}`)).toMatchObject({
      status: { S: "received" },
      releasedAt: { S: at.toISOString() },
    });
  });

  test("should release a lead once, and nothing that is not in the spam folder", async () => {
    const lead = spam();
    await store().put(lead);
    await releaseSpamLead(dynamo.client, LOCAL_LEADS_TABLE, lead.submissionId, NOW, 365);
    expect(await releaseSpamLead(dynamo.client, LOCAL_LEADS_TABLE, lead.submissionId, NOW, 365)).toBe(false);
    const missing = randomUUID();
    expect(await releaseSpamLead(dynamo.client, LOCAL_LEADS_TABLE, missing, NOW, 365)).toBe(false);
    expect(await store().get(missing)).toBeUndefined();
  });
});

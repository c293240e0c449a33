import { randomUUID } from "node:crypto";
import { type AttributeValue, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { subscriberKey } from "../../../../lambdas/shared/newsletter-tokens.ts";
import {
  createDynamoSubscriberStore,
  type SubscriberRecord,
  type SubscriberStore,
  type SubscriptionRequest,
} from "../../../../lambdas/shared/subscriber-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, localDynamoClient } from "../../../../server/local-dynamo.ts";
import { startLocalTable } from "../local-table.ts";

/**
 * The newsletter list against an in-memory dynalite: double opt-in, one current request per address whose links alone
 * act, and the consent record each request leaves. Every test uses addresses of its own.
 */
let dynamo: LocalDynamo;
let store: SubscriberStore;
beforeAll(async () => {
  dynamo = await startLocalTable();
});
// Made in each test: StrykerJS switches a mutant on before each test, so a store made once before would miss it.
beforeEach(() => {
  store = createDynamoSubscriberStore({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE });
});
afterAll(() => dynamo?.close());

const NOW = new Date("2026-11-20T10:00:00.000Z");
const HOUR = 3_600_000;
const DAY_SECONDS = 86_400;
const later = (ms: number) => new Date(NOW.getTime() + ms);
const address = () => `reader-${randomUUID()}@example.org`;
const request = (nonce: string, requestedAt = NOW): SubscriptionRequest => ({
  nonce,
  requestedAt,
  unsubscribeUrl: `https://www.example.com/api/unsubscribe?n=${nonce}`,
  consentText: "Send me the newsletter.",
});
const key = (email: string) => subscriberKey(email);
/** The raw item, as the table's TTL and `npm run subscribers` see it. */
const raw = async (email: string) =>
  (
    await dynamo.client.send(
      new GetItemCommand({ TableName: LOCAL_LEADS_TABLE, Key: { pk: { S: `subscriber#${key(email)}` } } }),
    )
  ).Item;
const putRaw = (item: Record<string, AttributeValue>) =>
  dynamo.client.send(new PutItemCommand({ TableName: LOCAL_LEADS_TABLE, Item: item }));

describe("request", () => {
  test("should file a new address as pending, with the consent of this request, and mail it", async () => {
    const email = address();
    expect(await store.request(`  ${email} `, request("n1", later(-1_000)), NOW)).toBe("mail");
    expect(await store.get(email)).toEqual({
      email,
      status: "pending",
      subscribedAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      requestedAt: later(-1_000).toISOString(),
      mailedAt: NOW.toISOString(),
      confirmedAt: undefined,
      unsubscribedAt: undefined,
      consentText: "Send me the newsletter.",
      unsubscribeUrl: "https://www.example.com/api/unsubscribe?n=n1",
    } satisfies SubscriberRecord);
    // An unconfirmed request is deleted 30 days later.
    expect((await raw(email))?.expiresAt).toEqual({ N: String(NOW.getTime() / 1000 + 30 * DAY_SECONDS) });
    expect((await raw(email))?.kind).toEqual({ S: "subscriber" });
  });

  test("should never record a request as made after it was mailed", async () => {
    const email = address();
    await store.request(email, request("n1", later(5_000)), NOW);
    expect((await store.get(email))?.requestedAt).toBe(NOW.toISOString());
  });

  test("should not mail a pending address again within 24 hours, nor end its request", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    expect(await store.request(email, request("n2", later(24 * HOUR)), later(24 * HOUR))).toBe("recently-mailed");
    expect(await store.confirm(key(email), "n1", later(24 * HOUR))).toBe("confirmed");
  });

  test("should mail a pending address again after 24 hours, and only the new request's link then confirms", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    const next = later(24 * HOUR + 1);
    expect(await store.request(email, { ...request("n2", next), consentText: "Newer wording." }, next)).toBe("mail");
    expect(await store.get(email)).toMatchObject({
      subscribedAt: NOW.toISOString(),
      requestedAt: next.toISOString(),
      mailedAt: next.toISOString(),
      consentText: "Newer wording.",
    });
    expect(await store.confirm(key(email), "n1", next)).toBe("superseded");
    expect(await store.confirm(key(email), "n2", next)).toBe("confirmed");
  });

  test("should tell a confirmed subscriber's request apart and change nothing", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    await store.confirm(key(email), "n1", later(1_000));
    expect(await store.request(email, request("n2", later(48 * HOUR)), later(48 * HOUR))).toBe("confirmed");
    expect(await store.get(email)).toMatchObject({ status: "confirmed", confirmedAt: later(1_000).toISOString() });
  });

  test("should start a new consent record for an address that left and asks again", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    await store.confirm(key(email), "n1", later(1_000));
    await store.unsubscribe(key(email), "n1", later(HOUR));
    expect(await store.request(email, request("n2", later(2 * HOUR)), later(2 * HOUR))).toBe("mail");
    expect(await store.get(email)).toMatchObject({
      status: "pending",
      subscribedAt: NOW.toISOString(),
      confirmedAt: undefined,
      unsubscribedAt: undefined,
    });
  });
});

describe("confirm", () => {
  test("should put the address on the list once, and remember when", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    expect(await store.confirm(key(email), "n1", later(HOUR))).toBe("confirmed");
    expect(await store.get(email)).toMatchObject({
      status: "confirmed",
      confirmedAt: later(HOUR).toISOString(),
      updatedAt: later(HOUR).toISOString(),
    });
    // On the list until unsubscribed: not deleted by the table's TTL.
    expect(await raw(email)).not.toHaveProperty("expiresAt");
    expect(await store.confirm(key(email), "n1", later(2 * HOUR))).toBe("already-confirmed");
    expect((await store.get(email))?.confirmedAt).toBe(later(HOUR).toISOString());
  });

  test("should not confirm a request before its mail went out", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    expect(await store.confirm(key(email), "n1", later(-1))).toBe("superseded");
    expect((await store.get(email))?.status).toBe("pending");
    expect(await store.confirm(key(email), "n1", NOW)).toBe("confirmed");
  });

  test("should say so for a link of an address nobody asked for, or of one that left", async () => {
    expect(await store.confirm(key(address()), "n1", NOW)).toBe("unknown");
    const email = address();
    await store.request(email, request("n1"), NOW);
    await store.unsubscribe(key(email), "n1", later(1));
    expect(await store.confirm(key(email), "n1", later(2))).toBe("unsubscribed");
    expect(await store.confirm(key(email), "other", later(2))).toBe("superseded");
  });
});

describe("unsubscribe", () => {
  test("should take the address off the list, keep when it left, and delete it 30 days later", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    await store.confirm(key(email), "n1", later(1));
    expect(await store.unsubscribe(key(email), "n1", later(HOUR))).toBe("unsubscribed");
    expect(await store.get(email)).toMatchObject({
      status: "unsubscribed",
      unsubscribedAt: later(HOUR).toISOString(),
      updatedAt: later(HOUR).toISOString(),
    });
    expect((await raw(email))?.expiresAt).toEqual({
      N: String(later(HOUR).getTime() / 1000 + 30 * DAY_SECONDS),
    });
    // A second press keeps the first date.
    expect(await store.unsubscribe(key(email), "n1", later(2 * HOUR))).toBe("unsubscribed");
    expect((await store.get(email))?.unsubscribedAt).toBe(later(HOUR).toISOString());
  });

  test("should ignore a link of another request of the address", async () => {
    const email = address();
    await store.request(email, request("n2"), NOW);
    expect(await store.unsubscribe(key(email), "n1", later(1))).toBe("superseded");
    expect(await store.unsubscribe(key(email), undefined, later(1))).toBe("superseded");
    expect((await store.get(email))?.status).toBe("pending");
    expect(await store.unsubscribe(key(address()), "n1", later(1))).toBe("unknown");
  });

  test("should let a link of before request nonces unsubscribe a record of before them", async () => {
    const email = address();
    await putRaw({
      pk: { S: `subscriber#${key(email)}` },
      kind: { S: "subscriber" },
      email: { S: email },
      status: { S: "confirmed" },
      receivedAt: { S: "2026-01-01T00:00:00.000Z" },
      mailedAt: { S: "2026-01-01T00:00:01.000Z" },
    });
    expect(await store.unsubscribe(key(email), "n1", NOW)).toBe("superseded");
    expect(await store.unsubscribe(key(email), undefined, NOW)).toBe("unsubscribed");
    expect((await store.get(email))?.status).toBe("unsubscribed");
  });
});

describe("get and erase", () => {
  test("should read a record of before request times as requested when it was mailed", async () => {
    const email = address();
    await putRaw({
      pk: { S: `subscriber#${key(email)}` },
      email: { S: email },
      status: { S: "bounced" },
      mailedAt: { S: "2026-01-01T00:00:01.000Z" },
    });
    expect(await store.get(email)).toEqual({
      email,
      status: "pending",
      subscribedAt: "",
      updatedAt: "",
      requestedAt: "2026-01-01T00:00:01.000Z",
      mailedAt: "2026-01-01T00:00:01.000Z",
      confirmedAt: undefined,
      unsubscribedAt: undefined,
      consentText: "",
      unsubscribeUrl: "",
    });
    await putRaw({ pk: { S: `subscriber#${key(email)}` } });
    expect(await store.get(email)).toMatchObject({ email: "", requestedAt: "", mailedAt: "" });
  });

  test("should read a record an older store wrote whole, and write a request with the same types", async () => {
    const old = address();
    await putRaw({
      pk: { S: `subscriber#${key(old)}` },
      kind: { S: "subscriber" },
      email: { S: old },
      status: { S: "confirmed" },
      receivedAt: { S: "2026-01-01T00:00:00.000Z" },
      updatedAt: { S: "2026-01-02T00:00:00.000Z" },
      mailedAt: { S: "2026-01-01T00:00:01.000Z" },
      confirmedAt: { S: "2026-01-02T00:00:00.000Z" },
      consentText: { S: "Send me the newsletter." },
      unsubscribeUrl: { S: "https://example.org/u" },
    });
    expect(await store.get(old)).toEqual({
      email: old,
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
    const email = address();
    await store.request(email, request("n1"), NOW);
    expect(await raw(email)).toEqual({
      pk: { S: `subscriber#${key(email)}` },
      kind: { S: "subscriber" },
      email: { S: email },
      status: { S: "pending" },
      receivedAt: { S: NOW.toISOString() },
      updatedAt: { S: NOW.toISOString() },
      requestedAt: { S: NOW.toISOString() },
      mailedAt: { S: NOW.toISOString() },
      requestNonce: { S: "n1" },
      consentText: { S: "Send me the newsletter." },
      unsubscribeUrl: { S: "https://www.example.com/api/unsubscribe?n=n1" },
      expiresAt: { N: String(NOW.getTime() / 1000 + 30 * DAY_SECONDS) },
    });
  });

  test("should erase an address whole and say what was erased", async () => {
    const email = address();
    await store.request(email, request("n1"), NOW);
    expect(await store.erase(email.toUpperCase())).toMatchObject({ email, status: "pending" });
    expect(await store.get(email)).toBeUndefined();
    expect(await store.erase(email)).toBeUndefined();
  });
});

describe("list", () => {
  test("should list every subscriber newest first, across pages, and nothing else of the table", async () => {
    const paged = localDynamoClient(dynamo.endpoint);
    // One subscriber a page, as a long list (1 MB a page) would be.
    paged.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === "QueryCommand") Object.assign(args.input as object, { Limit: 1 });
        return next(args);
      },
      { step: "initialize" },
    );
    const own = createDynamoSubscriberStore({ client: paged, tableName: LOCAL_LEADS_TABLE });
    const emails = [address(), address(), address()];
    for (const [n, email] of emails.entries()) await own.request(email, request(`n${n}`), later(n * HOUR));
    const listed: string[] = [];
    for await (const record of own.list()) if (emails.includes(record.email)) listed.push(record.email);
    expect(listed).toEqual([...emails].reverse());
    paged.destroy();
  });
});

import { describe, expect, test } from "vitest";
import { contactMessageForm } from "../../../../lambdas/send-contact-email/contact-message.ts";
import { storeAndMailLeads, isTrapped, REUSED_ID } from "../../../../lambdas/shared/lead-handler.ts";
import type { ClientRateLimit } from "../../../../lambdas/shared/spam-folder.ts";
import { fakeMailer, memoryLogger, memoryQueue, memoryStore, postEvent, testConfig } from "../fakes.ts";

const config = testConfig();
const LEAD = {
  name: "Asha Verma",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  subject: "Reseller pricing",
  message: "Do you offer reseller pricing for eSIM?",
  product: "esim",
  website: "",
  elapsedMs: 4_000,
};

describe("isTrapped", () => {
  test("should trap a filled honeypot, a form sent within 2 seconds, and a missing or non-numeric time", () => {
    expect(isTrapped({ website: "", elapsedMs: 2_000 })).toBe(false);
    expect(isTrapped({ elapsedMs: 60_000 })).toBe(false);
    expect(isTrapped({ website: "x", elapsedMs: 60_000 })).toBe(true);
    expect(isTrapped({ website: 0, elapsedMs: 60_000 })).toBe(true);
    expect(isTrapped({ elapsedMs: 1_999 })).toBe(true);
    expect(isTrapped({})).toBe(true);
    expect(isTrapped({ elapsedMs: "5000" })).toBe(true);
    expect(isTrapped({ elapsedMs: Number.NaN })).toBe(true);
  });
});

const ID = "0b7a4c5e-8f1d-4e2a-9c3b-5d6e7f8a9b0c";
function setup(
  failOn: number[] = [],
  overrides: Partial<Parameters<typeof testConfig>[0]> = {},
  rateLimit?: ClientRateLimit,
) {
  const deps = {
    config: testConfig(overrides),
    mailer: fakeMailer(failOn),
    log: memoryLogger(),
    store: memoryStore(),
    queue: memoryQueue(),
    rateLimit,
  };
  return { ...deps, handler: storeAndMailLeads(contactMessageForm(config.catalogue), deps) };
}

describe("storeAndMailLeads", () => {
  test("should store the lead, mail it, answer 200 with its submission id and log without the visitor's data", async () => {
    const { handler, store, mailer, log, queue } = setup();
    const answer = await handler(postEvent({ ...LEAD, submissionId: ID }), { awsRequestId: "aws-1" });
    expect(JSON.parse(answer.body)).toEqual({ success: true, data: { id: ID } });
    expect(store.records.get(ID)).toMatchObject({
      form: "send-contact-email",
      status: "acknowledged",
      attempts: 1,
      lead: { name: LEAD.name, product: "esim" },
    });
    expect(mailer.sent.map((m) => m.to)).toEqual(["hello@example.com", LEAD.email]);
    expect(queue.messages).toEqual([]);
    expect(log.lines.map((line) => line.outcome)).toEqual(["stored", "mailed", "sent"]);
    expect(log.lines.at(-1)).toEqual({
      level: "info",
      requestId: "aws-1",
      outcome: "sent",
      status: 200,
      durationMs: expect.any(Number),
      submissionId: ID,
    });
    const logged = JSON.stringify(log.lines);
    for (const value of [LEAD.name, LEAD.email, LEAD.mobile, LEAD.message, LEAD.subject])
      expect(logged).not.toContain(value);
  });

  test("should treat a repeated submission id as the same lead: answered alike, stored and mailed once", async () => {
    const { handler, store, mailer } = setup();
    const first = await handler(postEvent({ ...LEAD, submissionId: ID }));
    const again = await handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(again.body).toBe(first.body);
    expect(store.records.size).toBe(1);
    expect(mailer.sent.filter((m) => m.to === "hello@example.com")).toHaveLength(1);
  });

  test("should answer 409 to a reused submission id whose fields differ, keeping the first lead as it was", async () => {
    const { handler, store, mailer } = setup();
    await handler(postEvent({ ...LEAD, submissionId: ID }));
    const corrected = await handler(
      postEvent({ ...LEAD, submissionId: ID, message: "A second click with other text." }),
    );
    expect([corrected.statusCode, JSON.parse(corrected.body)]).toEqual([409, { success: false, error: REUSED_ID }]);
    expect(store.records.get(ID)?.lead.message).toBe(LEAD.message);
    expect(mailer.sent.filter((m) => m.to === "hello@example.com")).toHaveLength(1);
  });

  test("should give a lead without a submission id one of its own, and refuse an id that is not a UUID", async () => {
    const { handler, store } = setup();
    const answer = await handler(postEvent(LEAD));
    const id = JSON.parse(answer.body).data.id as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(store.records.has(id)).toBe(true);
    const bad = await handler(postEvent({ ...LEAD, submissionId: "lead#1" }));
    expect([bad.statusCode, JSON.parse(bad.body).error]).toEqual([400, "Invalid submission id"]);
    expect(store.records.size).toBe(1);
  });

  test("should keep the lead, answer 200 and queue it for a retry when SES refuses the vendor's mail", async () => {
    const { handler, store, mailer, queue, log } = setup([1]);
    const answer = await handler(postEvent({ ...LEAD, submissionId: ID }));
    expect([answer.statusCode, JSON.parse(answer.body)]).toEqual([200, { success: true, data: { id: ID } }]);
    expect(store.records.get(ID)).toMatchObject({ status: "failed", lastError: "Throttling", attempts: 1 });
    expect(mailer.sent).toEqual([]);
    expect(queue.messages).toEqual([{ submissionId: ID, form: "send-contact-email", delaySeconds: 60 }]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "warn", outcome: "mail-failed", error: "Throttling", submissionId: ID }),
    );
    expect(log.lines.at(-1)).toMatchObject({ outcome: "queued", status: 200 });
  });

  test("should mail directly when the store is down, and answer 502 with the form's text only if that fails too", async () => {
    const up = setup();
    up.store.failPut = true;
    const mailed = await up.handler(postEvent(LEAD));
    expect(mailed.statusCode).toBe(200);
    expect(up.mailer.sent.map((m) => m.to)).toEqual(["hello@example.com"]);
    expect(up.log.lines[0]).toMatchObject({ level: "error", outcome: "store-failed", error: "ServiceUnavailable" });

    const down = setup([1]);
    down.store.failPut = true;
    const lost = await down.handler(postEvent(LEAD));
    expect([lost.statusCode, JSON.parse(lost.body)]).toEqual([502, { success: false, error: "Failed to send email" }]);
    expect(down.log.lines.at(-1)).toMatchObject({ level: "error", outcome: "mail-failed", error: "Throttling" });
  });

  test("should count a failed confirmation against nothing but its own line: the lead stays mailed", async () => {
    const { handler, store, log } = setup([2]);
    expect((await handler(postEvent({ ...LEAD, submissionId: ID }))).statusCode).toBe(200);
    expect(store.records.get(ID)).toMatchObject({ status: "mailed", acknowledgement: "failed" });
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "warn", outcome: "ack-failed", error: "Throttling" }),
    );
  });

  test("should send at most ACK_DAILY_LIMIT confirmations to one address a day, and every lead to the vendor", async () => {
    const { handler, mailer, store } = setup([], { ackDailyLimit: 2 });
    for (let i = 0; i < 3; i++)
      expect((await handler(postEvent({ ...LEAD, email: i === 2 ? "ASHA@example.org" : LEAD.email }))).statusCode).toBe(
        200,
      );
    expect(mailer.sent.filter((m) => m.to === "hello@example.com")).toHaveLength(3);
    expect(mailer.sent.filter((m) => m.to.toLowerCase() === LEAD.email)).toHaveLength(2);
    expect([...store.records.values()].map((r) => r.acknowledgement).sort()).toEqual(["limited", "sent", "sent"]);
  });

  test("should give the vendor's mail the invocation's remaining time less a reserve, and the confirmation a short try", async () => {
    const { handler, mailer } = setup();
    await handler(postEvent(LEAD), { awsRequestId: "a", getRemainingTimeInMillis: () => 5_000 });
    expect(mailer.timeouts[0]).toBe(3_500);
    expect(mailer.timeouts[1]).toBe(1_500);
  });

  test("should log the name of an invalid field, never its value", async () => {
    const { handler, log, store } = setup();
    const answer = await handler(postEvent({ ...LEAD, email: "asha-at-example" }));
    expect([answer.statusCode, JSON.parse(answer.body).error]).toEqual([400, "Invalid email address"]);
    expect(log.lines[0]).toMatchObject({ outcome: "invalid", field: "email", requestId: "req-1" });
    expect(JSON.stringify(log.lines)).not.toContain("asha-at-example");
    expect(store.records.size).toBe(0);
  });

  test("should answer a trapped lead like a person's, keep it in the spam folder and send nothing", async () => {
    const { handler, mailer, log, store } = setup();
    const answer = await handler(postEvent({ ...LEAD, elapsedMs: 300 }));
    const { id } = JSON.parse(answer.body).data as { id: string };
    expect(JSON.parse(answer.body)).toEqual({ success: true, data: { id: expect.any(String) } });
    expect(mailer.sent).toEqual([]);
    expect(store.records.get(id)).toMatchObject({ status: "spam", spamReason: "too-fast", lead: { name: LEAD.name } });
    expect(log.lines[0]).toMatchObject({ outcome: "spam", reason: "too-fast" });
    const withId = await handler(postEvent({ ...LEAD, website: "https://spam.example.net", submissionId: ID }));
    expect(JSON.parse(withId.body)).toEqual({ success: true, data: { id: ID } });
    expect(store.records.get(ID)).toMatchObject({ status: "spam", spamReason: "honeypot" });
    expect(store.records.get(ID)?.lead).not.toHaveProperty("website");
    expect(mailer.sent).toEqual([]);
  });

  test("should queue a trapped lead for deliver-lead to file when the store is down, answering as always", async () => {
    const { handler, mailer, log, store, queue } = setup();
    store.failPut = true;
    const answer = await handler(postEvent({ ...LEAD, elapsedMs: 300, submissionId: ID }));
    expect(JSON.parse(answer.body)).toEqual({ success: true, data: { id: ID } });
    expect(mailer.sent).toEqual([]);
    expect(queue.messages).toEqual([
      expect.objectContaining({ submissionId: ID, unstored: expect.objectContaining({ status: "spam" }) }),
    ]);
    expect(log.lines.map((line) => line.outcome)).toContain("spam-store-queued");
  });

  test("should keep a lead over its client's hourly limit in the spam folder instead of refusing it", async () => {
    const asked: string[] = [];
    const { handler, mailer, store } = setup(
      [],
      {},
      {
        admit: async (address) => {
          asked.push(address);
          return false;
        },
      },
    );
    const event = postEvent({ ...LEAD, submissionId: ID });
    const answer = await handler({
      ...event,
      headers: { ...event.headers, "cloudfront-viewer-address": "198.51.100.7:51234" },
    });
    expect(answer.statusCode).toBe(200);
    expect(asked).toEqual(["198.51.100.7"]);
    expect(store.records.get(ID)).toMatchObject({ status: "spam", spamReason: "rate-limited" });
    expect(mailer.sent).toEqual([]);
  });

  test("should not count a lead whose client it cannot tell (behind CloudFront without the viewer's address)", async () => {
    const asked: string[] = [];
    const { handler, store } = setup(
      [],
      {},
      {
        admit: async (address) => {
          asked.push(address);
          return false;
        },
      },
    );
    const event = postEvent({ ...LEAD, submissionId: ID });
    const answer = await handler({
      ...event,
      headers: { ...event.headers, "x-amz-cf-id": "edge-1", "x-forwarded-for": "203.0.113.5" },
    });
    expect(answer.statusCode).toBe(200);
    expect(asked).toEqual([]);
    expect(store.records.get(ID)?.status).not.toBe("spam");
  });

  test("should admit a lead when the rate counter itself fails", async () => {
    const { handler, mailer } = setup([], {}, { admit: async () => Promise.reject(new Error("down")) });
    expect((await handler(postEvent(LEAD))).statusCode).toBe(200);
    expect(mailer.sent.length).toBeGreaterThan(0);
  });

  test("should answer 500 with a generic text when a bug stops both storing and mailing, logging the stack for operators", async () => {
    const deps = { config, mailer: fakeMailer(), log: memoryLogger(), store: memoryStore(), queue: memoryQueue() };
    deps.store.put = async () => Promise.reject(new TypeError("store boom"));
    const form = {
      ...contactMessageForm(config.catalogue),
      mails: () => {
        throw new TypeError("boom");
      },
    };
    const answer = await storeAndMailLeads(form, deps)(postEvent(LEAD));
    expect([answer.statusCode, answer.body]).toEqual([500, '{"success":false,"error":"Internal error"}']);
    expect(deps.log.lines.at(-1)).toMatchObject({
      level: "error",
      outcome: "error",
      error: "TypeError",
      stack: expect.stringContaining("boom"),
    });
  });

  test("should keep and queue a stored lead whose mailing hits a bug, answering 200", async () => {
    const deps = { config, mailer: fakeMailer(), log: memoryLogger(), store: memoryStore(), queue: memoryQueue() };
    const form = {
      ...contactMessageForm(config.catalogue),
      mails: () => {
        throw new TypeError("boom");
      },
    };
    const answer = await storeAndMailLeads(form, deps)(postEvent({ ...LEAD, submissionId: ID }));
    expect(answer.statusCode).toBe(200);
    expect(deps.queue.messages).toHaveLength(1);
    expect(deps.log.lines).toContainEqual(
      expect.objectContaining({ level: "error", outcome: "deliver-error", error: "TypeError" }),
    );
  });
});

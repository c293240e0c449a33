import { describe, expect, test, vi } from "vitest";
import { contactMessageForm } from "../../../../lambdas/send-contact-email/contact-message.ts";
import { DELIVERY } from "../../../../lambdas/shared/delivery.ts";
import { storeAndMailLeads, REUSED_ID } from "../../../../lambdas/shared/lead-handler.ts";
import { STORE_CANNOT_WRITE } from "../../../../lambdas/shared/lead-store.ts";
import { LEAD_FIELD_MAX } from "../../../../src/schemas/lead-fields.ts";
import { MailerError } from "../../../../lambdas/shared/mailer.ts";
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

/** deliver-lead takes `message` off the queue with a mailer that accepts everything; resolves to whom it mailed. */
async function deliverQueued(deps: Omit<ReturnType<typeof setup>, "handler" | "rateLimit">, message: unknown) {
  const sent: string[] = [];
  deps.mailer.send = async (mail) => {
    sent.push(mail.to);
    return { messageId: "m" };
  };
  const { deliverBatch, formMails } = await import("../../../../lambdas/deliver-lead/deliver-lead.ts");
  const records = { Records: [{ messageId: "q1", body: JSON.stringify(message) }] };
  await deliverBatch(records as never, deps, formMails(deps.config.catalogue), { remainingMs: () => 20_000 }, "d");
  return sent;
}

/** The lead as CloudFront passes it on, with the viewer's address. */
const fromClient = (body: unknown) => {
  const event = postEvent(body);
  return { ...event, headers: { ...event.headers, "cloudfront-viewer-address": "198.51.100.7:51234" } };
};
/** A rate limit that refuses every client, noting whom it was asked about. */
const refusing = () => {
  const asked: string[] = [];
  const admit = async (address: string) => {
    asked.push(address);
    return false;
  };
  return { asked, admit };
};
/** The contact form with a bug in its mails, and parts that work. */
const buggy = () => ({
  deps: { config, mailer: fakeMailer(), log: memoryLogger(), store: memoryStore(), queue: memoryQueue() },
  form: {
    ...contactMessageForm(config.catalogue),
    mails: () => {
      throw new TypeError("boom");
    },
  },
});
/** A lead already in the store under ID, as the contact form stores it. */
const storedAs = (status: "mailed" | "received", attempts: number, lead: Record<string, string>) => ({
  submissionId: ID,
  form: "send-contact-email",
  status,
  receivedAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  attempts,
  lead,
  expiresAt: 0,
});

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

  test("should mail directly when the store is down; if that fails too, hold the lead on the queue (202), and answer 503 only when nothing could keep it", async () => {
    const up = setup();
    up.store.failPut = true;
    const mailed = await up.handler(postEvent(LEAD));
    expect(mailed.statusCode).toBe(200);
    expect(up.mailer.sent.map((m) => m.to)).toEqual(["hello@example.com"]);
    expect(up.log.lines[0]).toMatchObject({ level: "error", outcome: "store-failed", error: "ServiceUnavailable" });

    const down = setup([1]);
    down.store.failPut = true;
    const held = await down.handler(postEvent({ ...LEAD, submissionId: ID }));
    expect([held.statusCode, JSON.parse(held.body)]).toEqual([202, { success: true, data: { id: ID } }]);
    expect(down.queue.messages).toEqual([
      expect.objectContaining({ submissionId: ID, unstored: expect.objectContaining({ status: "received" }) }),
    ]);
    expect(down.log.lines.at(-1)).toMatchObject({ outcome: "held-unstored", status: 202, error: "Throttling" });

    const none = setup([1]);
    none.store.failPut = true;
    none.queue.enqueue = async () => Promise.reject(new TypeError("queue down"));
    const lost = await none.handler(postEvent(LEAD));
    expect([lost.statusCode, JSON.parse(lost.body)]).toEqual([503, { success: false, error: "Failed to send email" }]);
    expect(lost.headers).toMatchObject({ "retry-after": "5" });
    expect(none.log.lines.at(-1)).toMatchObject({ level: "error", outcome: "not-kept", error: "Throttling" });
  });

  test("should hold a lead whose direct mail got no answer as unknown, so the queue waits for its send event before mailing it", async () => {
    const { handler, store, mailer, queue, config: cfg, log } = setup();
    store.failPut = true;
    mailer.send = async () => {
      throw new MailerError("no answer", {
        cause: Object.assign(new Error("no answer"), { name: "TimeoutError", code: "DeadlineExceeded" }),
      });
    };
    expect((await handler(postEvent({ ...LEAD, submissionId: ID }))).statusCode).toBe(202);
    expect(queue.messages[0]?.unstored).toMatchObject({ status: "unknown", lastError: "DeadlineExceeded" });
    store.failPut = false;
    const sent = await deliverQueued({ config: cfg, mailer, log, store, queue }, queue.messages.shift());
    expect(store.records.get(ID)?.status).toBe("unknown");
    expect(sent).toEqual([]);
    expect(queue.messages).toEqual([
      expect.objectContaining({ submissionId: ID, delaySeconds: cfg.sendEventWaitMs / 1000 }),
    ]);
  });

  test("should never answer a lead a slow store kept as a failure: held on the queue, it is stored once and mailed once", async () => {
    vi.useFakeTimers();
    try {
      const { handler, store, mailer, queue, config: cfg, log } = setup();
      // The store writes the lead, but answers the put and the read that checks it only after the handler gave up.
      const { put, get } = store;
      const late = <T>(value: Promise<T>) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 6_500));
      store.put = (record) => late(put(record));
      store.get = (id) => late(get(id));
      // SES refuses what is left of the invocation.
      mailer.send = async () => {
        throw new MailerError("refused", { cause: Object.assign(new Error("throttled"), { code: "Throttling" }) });
      };
      const answer = handler(postEvent({ ...LEAD, submissionId: ID }));
      await vi.advanceTimersByTimeAsync(20_000);
      expect((await answer).statusCode).toBeLessThan(300);
      expect(store.records.get(ID)?.status).toBe("received");
      // deliver-lead takes the held lead: the put finds it stored, and the lease mails it once.
      Object.assign(store, { put, get });
      const sent = await deliverQueued({ config: cfg, mailer, log, store, queue }, queue.messages[0]);
      expect(store.records.get(ID)?.status).toBe("acknowledged");
      expect(sent.filter((to) => to === "hello@example.com")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test("should count a failed confirmation against nothing but its own line: the lead stays mailed", async () => {
    const { handler, store, log } = setup([2]);
    expect((await handler(postEvent({ ...LEAD, submissionId: ID }))).statusCode).toBe(200);
    expect(store.records.get(ID)).toMatchObject({ status: "mailed", acknowledgement: "failed" });
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "warn", outcome: "ack-failed", error: "Throttling" }),
    );
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

  test("should keep a lead over its client's hourly limit in the spam folder instead of refusing it, and not count one whose client it cannot tell", async () => {
    const counted = refusing();
    const { handler, mailer, store } = setup([], {}, counted);
    expect((await handler(fromClient({ ...LEAD, submissionId: ID }))).statusCode).toBe(200);
    expect(counted.asked).toEqual(["198.51.100.7"]);
    expect(store.records.get(ID)).toMatchObject({ status: "spam", spamReason: "rate-limited" });
    expect(mailer.sent).toEqual([]);
    // Behind CloudFront without the viewer's address: the source is an edge server, no client to count.
    const other = "1c8b5d6f-9a2e-4f3b-8d4c-6e7f8a9b0c1d";
    const event = postEvent({ ...LEAD, submissionId: other });
    const edge = { ...event.headers, "x-amz-cf-id": "edge-1", "x-forwarded-for": "203.0.113.5" };
    const viaEdge = {
      ...event,
      headers: edge,
      requestContext: { ...event.requestContext, http: { method: "POST", sourceIp: "130.176.0.1" } },
    };
    expect((await handler(viaEdge as unknown as typeof event)).statusCode).toBe(200);
    expect(counted.asked).toHaveLength(1);
    expect(store.records.get(other)?.status).not.toBe("spam");
  });

  test("should admit a lead when the rate counter itself fails, warning operators with the error's name", async () => {
    const { handler, mailer, log } = setup([], {}, { admit: async () => Promise.reject(new RangeError("down")) });
    expect((await handler(fromClient(LEAD))).statusCode).toBe(200);
    expect(mailer.sent.length).toBeGreaterThan(0);
    expect(log.lines[0]).toEqual({
      level: "warn",
      requestId: "req-1",
      outcome: "rate-limit-failed",
      error: "RangeError",
    });
  });

  test("should answer 500 with a generic text when a bug stops both storing and mailing, logging the stack for operators", async () => {
    const { deps, form } = buggy();
    deps.store.put = async () => Promise.reject(new TypeError("store boom"));
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
    const { deps, form } = buggy();
    const answer = await storeAndMailLeads(form, deps)(postEvent({ ...LEAD, submissionId: ID }));
    expect(answer.statusCode).toBe(200);
    expect(deps.queue.messages).toHaveLength(1);
    expect(deps.log.lines).toContainEqual(
      expect.objectContaining({ level: "error", outcome: "deliver-error", error: "TypeError" }),
    );
  });
});

/** What an operator reads and a visitor gets when one part of the lead path fails or a filter holds a lead back. */
describe("storeAndMailLeads, when a part fails or a filter holds a lead", () => {
  const capped = (admit: () => Promise<boolean>) => {
    const deps = { ...setup(), suspectCap: { admit } };
    return { ...deps, handler: storeAndMailLeads(contactMessageForm(config.catalogue), deps) };
  };

  test("should only count a trapped lead past its client's suspect cap, answering it like a person's", async () => {
    const { handler, store, log, mailer } = capped(async () => false);
    const answer = await handler(fromClient({ ...LEAD, elapsedMs: 300, submissionId: ID }));
    expect(JSON.parse(answer.body)).toEqual({ success: true, data: { id: ID } });
    expect([store.records.size, mailer.sent.length]).toEqual([0, 0]);
    expect(log.lines).toEqual([expect.objectContaining({ outcome: "spam-counted", reason: "too-fast", status: 200 })]);
  });

  test("should keep a suspect lead when its cap counter fails: the cap bounds a flood, it must not cost a lead", async () => {
    const { handler, store, log } = capped(async () => Promise.reject(new Error("counter down")));
    await handler(fromClient({ ...LEAD, elapsedMs: 300, submissionId: ID }));
    expect(store.records.get(ID)).toMatchObject({ status: "spam", spamReason: "too-fast" });
    expect(log.lines.map((line) => line.outcome)).toEqual(["spam"]);
  });

  test("should only count a lead over the hourly limit past the suspect cap", async () => {
    const overLimit: boolean[] = [];
    const deps = {
      ...setup([], {}, { admit: async () => false }),
      suspectCap: {
        admit: async (_address: string, _now: Date, isOverLimit?: boolean) => {
          overLimit.push(isOverLimit === true);
          return false;
        },
      },
    };
    const handler = storeAndMailLeads(contactMessageForm(config.catalogue), deps);
    await handler(fromClient({ ...LEAD, submissionId: ID }));
    expect(overLimit).toEqual([true]);
    expect(deps.store.records.size).toBe(0);
    expect(deps.log.lines.at(-1)).toMatchObject({ outcome: "spam-counted", reason: "rate-limited" });
  });

  test("should note in a suspect lead what was cut or dropped, and nothing when nothing was", async () => {
    const { handler, store } = setup();
    await handler(postEvent({ ...LEAD, elapsedMs: 300, submissionId: ID }));
    expect(store.records.get(ID)).not.toHaveProperty("truncated");
    expect(store.records.get(ID)).not.toHaveProperty("droppedKeys");
    const other = "1c8b5d6f-9a2e-4f3b-8d4c-6e7f8a9b0c1d";
    await handler(postEvent({ ...LEAD, message: "x".repeat(20_000), extra: "y", elapsedMs: 300, submissionId: other }));
    expect(store.records.get(other)).toMatchObject({
      truncated: { message: 20_000 - LEAD_FIELD_MAX.message },
      droppedKeys: 1,
    });
  });

  test("should log a suspect lead as lost when neither the store nor the queue takes it", async () => {
    const { handler, store, queue, log } = setup();
    store.failPut = true;
    queue.enqueue = async () => Promise.reject(new Error("queue down"));
    const answer = await handler(postEvent({ ...LEAD, elapsedMs: 300, submissionId: ID }));
    expect(answer.statusCode).toBe(200);
    expect(log.lines[0]).toEqual({
      level: "error",
      submissionId: ID,
      outcome: "spam-store-lost",
      error: "ServiceUnavailable",
    });
  });

  test("should refuse a body the schema rejects with its first message and the field's path", async () => {
    const { handler, log } = setup();
    const answer = await handler(postEvent({ ...LEAD, name: "" }));
    expect([answer.statusCode, JSON.parse(answer.body).error]).toEqual([400, "Name is required"]);
    expect(log.lines).toEqual([
      {
        level: "info",
        requestId: "req-1",
        outcome: "invalid",
        status: 400,
        durationMs: expect.any(Number),
        field: "name",
      },
    ]);
  });

  test("should keep a lead for the configured days, and note its client only when known", async () => {
    const { handler, store } = setup([], { leadRetentionDays: 30 });
    const before = Math.floor(Date.now() / 1000);
    await handler(fromClient({ ...LEAD, submissionId: ID }));
    const kept = store.records.get(ID);
    expect(kept?.expiresAt).toBeGreaterThanOrEqual(before + 30 * 86_400);
    expect(kept?.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 86_400);
    expect(kept?.client).toMatch(/^[0-9a-f]{16,}$/);
    const other = "1c8b5d6f-9a2e-4f3b-8d4c-6e7f8a9b0c1d";
    await handler(postEvent({ ...LEAD, submissionId: other }));
    expect(store.records.get(other)).not.toHaveProperty("client");
  });

  test("should answer 503 with the form's text and mail nothing when the store says it cannot write", async () => {
    const { handler, store, mailer, log } = setup();
    store.put = async () => Promise.reject(Object.assign(new Error("disk full"), { name: STORE_CANNOT_WRITE }));
    const answer = await handler(postEvent({ ...LEAD, submissionId: ID }));
    expect([answer.statusCode, JSON.parse(answer.body)]).toEqual([
      503,
      { success: false, error: "Failed to send email" },
    ]);
    expect(mailer.sent).toEqual([]);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: "error", outcome: "store-cannot-write", status: 503, submissionId: ID }),
    ]);
    // An answer it chose: no stack for operators to chase.
    expect(log.lines[0]).not.toHaveProperty("stack");
  });

  test("should not mail from here a lead a slow store wrote after all: the sweep owns it", async () => {
    const { handler, store, mailer, log } = setup();
    store.records.set(ID, storedAs("mailed", 1, {}));
    store.failPut = true;
    const answer = await handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(answer.statusCode).toBe(409);
    expect(mailer.sent).toEqual([]);
    expect(log.lines.map((line) => line.outcome)).toEqual(["store-failed", "reused-id"]);
  });

  test("should carry on with a repeat nobody has tried to mail yet (a put the SDK retried), mailing it once", async () => {
    const { handler, store, mailer } = setup();
    const first = await setup().handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(first.statusCode).toBe(200);
    const { website: _website, elapsedMs: _elapsed, ...fields } = LEAD;
    store.records.set(ID, storedAs("received", 0, fields));
    const answer = await handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(answer.statusCode).toBe(200);
    expect(mailer.sent.filter((m) => m.to === "hello@example.com")).toHaveLength(1);
    expect(store.records.get(ID)?.status).toBe("acknowledged");
  });

  test("should let an unclear send wait for its send event before the retry, and a refused one the retry delay", async () => {
    const unclear = setup([], { sendEventWaitMs: 120_000 });
    unclear.mailer.send = async () => {
      throw new MailerError("timed out", { cause: Object.assign(new Error("late"), { name: "TimeoutError" }) });
    };
    await unclear.handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(unclear.queue.messages).toEqual([{ submissionId: ID, form: "send-contact-email", delaySeconds: 120 }]);
    const refused = setup([1]);
    await refused.handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(refused.queue.messages.map((m) => m.delaySeconds)).toEqual([DELIVERY.retryDelaySeconds]);
  });

  test("should still answer 200 when the retry queue refuses a stored lead: the sweep finds it", async () => {
    const { handler, queue, log } = setup([1]);
    queue.enqueue = async () => Promise.reject(new Error("queue down"));
    const answer = await handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(answer.statusCode).toBe(200);
    expect(log.lines).toContainEqual({
      level: "error",
      requestId: "req-1",
      submissionId: ID,
      outcome: "enqueue-failed",
      error: "Error",
    });
    expect(log.lines.at(-1)).toMatchObject({ outcome: "queued", status: 200 });
  });

  test("should leave a lead mailed while the store was down on the queue to be stored as mailed", async () => {
    const { handler, store, queue, log } = setup();
    store.failPut = true;
    const answer = await handler(postEvent({ ...LEAD, submissionId: ID }));
    expect(answer.statusCode).toBe(200);
    expect(queue.messages).toEqual([
      {
        submissionId: ID,
        form: "send-contact-email",
        unstored: expect.objectContaining({
          status: "mailed",
          attempts: 1,
          lead: expect.objectContaining({ name: LEAD.name }),
        }),
        delaySeconds: 0,
      },
    ]);
    expect(log.lines.at(-1)).toMatchObject({ outcome: "sent-unstored", status: 200, submissionId: ID });
  });

  test("should log a lead mailed while both the store and the queue were down as one no record will follow", async () => {
    const { handler, store, queue, log } = setup();
    store.failPut = true;
    queue.enqueue = async () => Promise.reject(new TypeError("queue down"));
    expect((await handler(postEvent({ ...LEAD, submissionId: ID }))).statusCode).toBe(200);
    expect(log.lines).toContainEqual({
      level: "error",
      requestId: "req-1",
      submissionId: ID,
      outcome: "unstored-lost",
      error: "TypeError",
    });
  });

  test("should move on from a store that does not answer within its bound, mailing the lead directly", async () => {
    vi.useFakeTimers();
    try {
      const { handler, store, mailer, log } = setup();
      store.put = () => new Promise(() => {});
      store.get = () => new Promise(() => {});
      const answering = handler(postEvent({ ...LEAD, submissionId: ID }));
      await vi.advanceTimersByTimeAsync(DELIVERY.storePutMs + DELIVERY.storeCheckMs);
      expect((await answering).statusCode).toBe(200);
      expect(mailer.sent.map((m) => m.to)).toEqual(["hello@example.com"]);
      expect(log.lines[0]).toMatchObject({ outcome: "store-failed", error: "Error" });
    } finally {
      vi.useRealTimers();
    }
  });

  test("should name the request by the platform's id when the function gets no context", async () => {
    const { handler, log } = setup();
    await handler(postEvent({ ...LEAD, name: "" }));
    const noRequest = { ...postEvent({ ...LEAD, name: "" }), requestContext: undefined };
    await handler(noRequest as unknown as ReturnType<typeof postEvent>);
    expect(log.lines[0]?.requestId).toBe("req-1");
    expect(log.lines[1]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("storeAndMailLeads and the container it runs in", () => {
  test("should leave no timer behind once it has answered, so a warm container has nothing pending", async () => {
    vi.useFakeTimers();
    try {
      const { handler } = setup();
      expect((await handler(postEvent({ ...LEAD, submissionId: ID }))).statusCode).toBe(200);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

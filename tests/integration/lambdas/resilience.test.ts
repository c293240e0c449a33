import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { DELIVERY } from "../../../lambdas/shared/delivery.ts";
import { ATTEMPT_MS } from "../../../lambdas/shared/mailer.ts";
import type { SesFault } from "../../../server/fault-proxy.ts";
import { LEAD_FUNCTIONS, type LeadStack, startLeadStack, type StoredMail, VALID } from "./harness.ts";

/**
 * Not one lead lost: the local stack (real handlers, dynalite, the SES emulator behind a fault-injecting proxy, the
 * in-process retry queue feeding the real deliver-lead) under poison input, SES outages, double submits and a
 * harassment attempt. The functions keep `npm start`'s 10 s timeout: with less, a loaded machine (the whole unit step
 * runs beside this file) spent the direct mail's budget on the store and left the lead to the queue, so a test that
 * counts mails right after the answer saw one fewer. The hanging-SES case moves a fake clock past the attempt's
 * deadline instead of waiting it out.
 */
const RECIPIENT = "hello@example.com";
let stack: LeadStack;
beforeAll(async () => {
  // No pause for a send event here: a hung SES sent nothing, and the retry may follow at once.
  stack = await startLeadStack({ env: { SEND_EVENT_WAIT_SECONDS: "0" } });
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  stack.fault("pass");
  await stack.clearMails();
});
afterEach(() => {
  vi.useRealTimers();
});

const vendorMails = (mails: StoredMail[]) => mails.filter((mail) => mail.destination.to.includes(RECIPIENT));
/** A visitor of their own, so that no test meets another's daily acknowledgement limit. */
const visitor = () => `v-${randomUUID().slice(0, 8)}@example.org`;

describe.each(LEAD_FUNCTIONS)("%s", (name) => {
  test("answers a body with a lone surrogate 400, then mails the next valid lead intact", async () => {
    for (const field of ["name", "message", "email", "mobile"]) {
      const poison = await stack.call(name, undefined, {
        raw: JSON.stringify({ ...VALID[name], [field]: "Asha \ud800 Verma" }),
      });
      expect({ field, status: poison.status }).toEqual({ field, status: 400 });
      expect(poison.answer.success).toBe(false);
    }
    const lead = { ...VALID[name], email: visitor(), name: "Zoë Ångström-Ōtsuka 🌸" };
    const { status, answer } = await stack.call(name, lead);
    expect(status).toBe(200);
    const [vendor] = vendorMails(await stack.mails());
    expect(vendor?.body.text).toContain("Zoë Ångström-Ōtsuka 🌸");
    expect(vendor?.body.text).toContain(String(answer.data?.id));
    expect(await stack.lead(String(answer.data?.id))).toMatchObject({ status: "acknowledged" });
  });

  test("rejects a name, subject or message of format characters only, and a mobile of brackets", async () => {
    const cases: Array<[string, string]> = [
      ["name", "\u200b\u200c\u200d\u2060"],
      ["message", `${"\u200b".repeat(12)}\ufeff`],
      ["mobile", "(((((((((("],
    ];
    if (name === "send-contact-email") cases.push(["subject", "\u200e\u200f"]);
    for (const [field, value] of cases)
      expect((await stack.call(name, { ...VALID[name], [field]: value })).status, field).toBe(400);
    expect(await stack.mails()).toEqual([]);
  });
});

describe("when SES misbehaves", () => {
  test.each<SesFault>(["refuse", "throttle", "error", "hang"])(
    "SES %s: the visitor is answered within the function's timeout, the lead is stored as not mailed (unknown when SES never answered), and the retry mails it exactly once once SES is back",
    async (fault) => {
      // The mailer's attempt and the Lambda context's deadline on a fake clock, for SES that never answers.
      if (fault === "hang") vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
      stack.fault(fault);
      const lead = { ...VALID["send-contact-email"], email: visitor(), submissionId: randomUUID() };
      const answering = stack.call("send-contact-email", lead);
      if (fault === "hang") {
        // SES holds the request: the attempt gives up at its deadline (8 s), inside the function's 10 s.
        await stack.ses.whenHeld(1);
        await vi.advanceTimersByTimeAsync(ATTEMPT_MS);
      }
      const { status, answer } = await answering;
      expect([status, answer]).toEqual([200, { success: true, data: { id: lead.submissionId } }]);
      const stored = await stack.lead(lead.submissionId);
      expect(stored).toMatchObject({
        status: fault === "hang" ? "unknown" : "failed",
        form: "send-contact-email",
        attempts: 1,
        lead: { email: lead.email },
      });
      expect(stored?.lastError).toMatch(/\S/);

      stack.fault("pass");
      stack.ses.release();
      await stack.retryNow();
      await stack.retryNow();
      await stack.sweep();
      await stack.retryNow();
      const mails = await stack.mails();
      expect(vendorMails(mails)).toHaveLength(1);
      expect(vendorMails(mails)[0]?.body.text).toContain(lead.submissionId);
      expect(mails.filter((mail) => mail.destination.to.includes(lead.email))).toHaveLength(1);
      expect(await stack.lead(lead.submissionId)).toMatchObject({ status: "acknowledged", attempts: 2 });
    },
  );

  // A lead whose retries all fail (dead letters, replay): start-retry.test.ts, on the clock of npm start's queue.

  test("the sweep mails a lead a crashed handler stored but never queued", async () => {
    // The sweep's ages on a fake clock (Date only): the lead is stored now, and the clock moves.
    vi.useFakeTimers({ toFake: ["Date"] });
    const submissionId = randomUUID();
    const then = new Date().toISOString();
    const lead = { ...VALID["send-contact-email"], email: visitor() };
    const { website: _website, elapsedMs: _elapsed, ...fields } = lead;
    await stack.store.put({
      submissionId,
      form: "send-contact-email",
      status: "received",
      receivedAt: then,
      updatedAt: then,
      attempts: 0,
      lead: fields,
      expiresAt: 0,
    });
    // Untouched for less than 2 minutes, a handler may still be on it: left alone.
    vi.setSystemTime(Date.now() + DELIVERY.sweepAfterMs - 1_000);
    expect(await stack.sweep()).toEqual({ enqueued: 0 });
    vi.setSystemTime(Date.now() + 2_000);
    expect(await stack.sweep()).toEqual({ enqueued: 1 });
    await stack.retryNow();
    expect(vendorMails(await stack.mails())).toHaveLength(1);
    expect(await stack.lead(submissionId)).toMatchObject({ status: "acknowledged", attempts: 1 });
  });
});

describe("duplicates and abuse", () => {
  test("the same submission id sent twice, one after the other and at once, is one lead and one mail", async () => {
    const lead = { ...VALID["send-product-inquiry"], email: visitor(), submissionId: randomUUID() };
    const first = await stack.call("send-product-inquiry", lead);
    const second = await stack.call("send-product-inquiry", lead);
    expect(second).toMatchObject({ status: 200, answer: first.answer });
    const twin = { ...lead, submissionId: randomUUID() };
    const both = await Promise.all([
      stack.call("send-product-inquiry", twin),
      stack.call("send-product-inquiry", twin),
    ]);
    expect(both.map((call) => call.status)).toEqual([200, 200]);
    expect(vendorMails(await stack.mails())).toHaveLength(2);
    const ids = (await stack.leads()).map((stored) => stored.submissionId);
    expect(ids.filter((id) => id === lead.submissionId || id === twin.submissionId).sort()).toEqual(
      [lead.submissionId, twin.submissionId].sort(),
    );
  });
});

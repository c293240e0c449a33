import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { storedLeadMails } from "../../../../lambdas/shared/lead-handler.ts";
import type { SQSEvent } from "aws-lambda";
import { deliverBatch, recordSendEvent } from "../../../../lambdas/deliver-lead/deliver-lead.ts";
import {
  DELIVERY,
  deliverStoredLead,
  type MailsOf,
  sendEventWaitSeconds,
} from "../../../../lambdas/shared/delivery.ts";
import { LEAD_ID_HEADER, LEAD_MAIL_TAG } from "../../../../lambdas/shared/lead-mails.ts";
import { MailerError } from "../../../../lambdas/shared/mailer.ts";
import type { LeadRecord } from "../../../../lambdas/shared/lead-record.ts";
import { contactMessageForm } from "../../../../lambdas/send-contact-email/contact-message.ts";
import { SUBSCRIBE_FUNCTION } from "../../../../src/lib/newsletter.ts";
import { fakeMailer, memoryLogger, memoryQueue, memoryStore, testConfig } from "../fakes.ts";

/**
 * What one delivery attempt leaves behind, as an operator reads it in `npm run leads` and the logs: the status, the
 * lease, the confirmation's outcome, the webhook message and the log line's outcome, SES failing in each of its ways.
 * On a fake clock.
 */
const NOW = new Date("2026-11-27T10:00:00.000Z");
const lead = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  product: "esim",
  subject: "Pricing",
  message: "Do you offer reseller pricing?",
};

/** A deadline with `totalMs` left, as Lambda's clock reports it. */
const deadlineOf = (totalMs: number) => ({
  remainingMs: (reserveMs = 0) => Math.max(0, Math.floor(totalMs - reserveMs)),
});

function setup(config = testConfig(), mailsOf: MailsOf = storedLeadMails(contactMessageForm(config.catalogue))) {
  const store = memoryStore();
  const deps = { config, store, queue: memoryQueue(), log: memoryLogger(), mailer: fakeMailer() };
  const put = (record: Partial<LeadRecord> = {}) =>
    store.put({
      submissionId: "l1",
      form: "send-contact-email",
      status: "received",
      receivedAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      attempts: 0,
      lead,
      expiresAt: 0,
      client: "client-1",
      ...record,
    });
  const deliver = (totalMs = 10_000) => deliverStoredLead("l1", mailsOf, deps, deadlineOf(totalMs), "r1");
  const outcomes = () => deps.log.lines.map((line) => `${line.level} ${String(line.outcome)}`);
  return { store, deps, put, deliver, outcomes };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("deliverStoredLead's outcomes", () => {
  test("should leave a lead alone as busy when nothing is left of the deadline but the reserve", async () => {
    const { store, put, deliver, deps } = setup();
    await put();
    expect(await deliver(DELIVERY.reserveMs)).toBe("busy");
    expect(store.records.get("l1")).toMatchObject({ status: "received", attempts: 0 });
    expect(deps.mailer.sent).toEqual([]);
  });

  test("should lease the lead for the whole deadline, so no other worker mails it meanwhile", async () => {
    const { store, put, deliver } = setup();
    await put();
    const claim = vi.spyOn(store, "claim");
    expect(await deliver(8_000)).toBe("mailed");
    expect(claim.mock.calls[0]?.[1]).toBe(8_000);
  });

  test("should call a missing or mailed lead done and a lead another worker holds busy", async () => {
    const { store, put, deliver } = setup();
    expect(await deliver()).toBe("done");
    await put({ status: "mailed" });
    expect(await deliver()).toBe("done");
    const other = setup();
    await other.put();
    const record = other.store.records.get("l1");
    if (record) record.leaseUntil = NOW.getTime() + 5_000;
    expect(await other.deliver()).toBe("busy");
    expect(store.records.get("l1")?.status).toBe("mailed");
  });

  test("should wait for an unknown lead's send event until its quiet pause is over, to the millisecond", async () => {
    const config = testConfig();
    const quietSince = new Date(NOW.getTime() - config.sendEventWaitMs).toISOString();
    const { put, deliver } = setup(config);
    await put({ status: "unknown", updatedAt: quietSince });
    expect(await deliver()).toBe("waiting");
  });

  test("should mark a lead it cannot read as failed, so an operator sees it", async () => {
    const { store, put, deps, outcomes } = setup();
    await put();
    const result = await deliverStoredLead("l1", () => undefined, deps, deadlineOf(10_000), "r1");
    expect(result).toBe("failed");
    expect(store.records.get("l1")).toMatchObject({ status: "failed", lastError: "UnreadableLead" });
    expect(outcomes()).toEqual(["error mail-failed"]);
    expect(deps.log.lines[0]).toMatchObject({ requestId: "r1", submissionId: "l1", error: "UnreadableLead" });
  });

  test("should log a mail that failed outside the mailer as failed, with its error and attempts", async () => {
    const { put, deliver, deps, outcomes } = setup();
    await put({ attempts: 2, status: "failed" });
    deps.mailer.send = async () => {
      throw Object.assign(new Error("SES did not answer"), { name: "TimeoutError" });
    };
    expect(await deliver()).toBe("failed");
    expect(outcomes()).toEqual(["warn mail-failed"]);
    expect(deps.log.lines[0]).toMatchObject({ submissionId: "l1", error: "TimeoutError", attempts: 3 });
  });
});

describe("after the vendor's mail", () => {
  test("should record the confirmation as off when the site sends none", async () => {
    const config = testConfig();
    // A site without confirmations: its mails have no acknowledgement.
    const mailsOf: MailsOf = (l, c, id) => {
      const mails = storedLeadMails(contactMessageForm(c.catalogue))(l, c, id);
      return mails && { vendor: mails.vendor, acknowledgement: undefined };
    };
    const { store, put, deliver, deps } = setup(config, mailsOf);
    await put();
    expect(await deliver()).toBe("mailed");
    expect(store.records.get("l1")).toMatchObject({ status: "mailed", acknowledgement: "off" });
    expect(deps.mailer.sent).toHaveLength(1);
  });

  test("should queue the team's webhook for a lead, and none for a newsletter sign-up", async () => {
    const config = testConfig({ leadWebhook: { url: "https://hooks.example.com/x" } });
    const { put, deliver, deps } = setup(config);
    await put();
    expect(await deliver()).toBe("mailed");
    expect(deps.queue.messages).toEqual([
      { submissionId: "l1", form: "send-contact-email", kind: "webhook", delaySeconds: 0 },
    ]);
    const signUp = setup(config);
    await signUp.put({ form: SUBSCRIBE_FUNCTION });
    await signUp.deliver();
    expect(signUp.deps.queue.messages).toEqual([]);
    const noHook = setup();
    await noHook.put();
    await noHook.deliver();
    expect(noHook.deps.queue.messages).toEqual([]);
  });

  test("should log a webhook that could not be queued, and still mail", async () => {
    const config = testConfig({ leadWebhook: { url: "https://hooks.example.com/x" } });
    const { put, deliver, deps, outcomes } = setup(config);
    await put();
    deps.queue.enqueue = async () => {
      throw Object.assign(new Error("queue down"), { name: "QueueDown" });
    };
    expect(await deliver()).toBe("mailed");
    expect(outcomes()).toContain("error webhook-failed");
    expect(deps.log.lines.find((l) => l.outcome === "webhook-failed")).toMatchObject({ error: "QueueDown" });
  });

  test("should give the confirmation at most its short attempt, within what is left of the deadline", async () => {
    const long = setup();
    await long.put();
    await long.deliver(20_000);
    expect(long.deps.mailer.timeouts[1]).toBe(DELIVERY.acknowledgementMs);
    const short = setup();
    await short.put();
    await short.deliver(DELIVERY.reserveMs + 1_000);
    // The vendor's mail had 1 s; the confirmation keeps half the reserve back.
    expect(short.deps.mailer.timeouts).toEqual([
      1_000,
      Math.min(DELIVERY.acknowledgementMs, 1_000 + DELIVERY.reserveMs / 2),
    ]);
  });

  test("should skip the confirmation over the mailbox's daily limit and over the client's hourly one, saying which", async () => {
    const mailbox = setup(testConfig({ ackDailyLimit: 0 }));
    await mailbox.put();
    expect(await mailbox.deliver()).toBe("mailed");
    expect(mailbox.store.records.get("l1")?.acknowledgement).toBe("limited");
    expect(mailbox.outcomes()).toContain("info ack-limited");
    const client = setup(testConfig({ ackClientHourlyLimit: 0 }));
    await client.put();
    await client.deliver();
    expect(client.store.records.get("l1")?.acknowledgement).toBe("limited");
    expect(client.outcomes()).toContain("info ack-client-limited");
    expect(client.deps.mailer.sent).toHaveLength(1);
  });

  test("should count a confirmation against the address for the leads' retention time", async () => {
    const config = testConfig();
    const { store, put, deliver } = setup(config);
    const count = vi.spyOn(store, "countAcknowledgement");
    await put();
    await deliver();
    expect(count.mock.calls[0]?.[3]).toBe(config.leadRetentionDays * 86_400);
  });
});

/** A mailer's send that always fails with `cause`, as SES's answer reaches it. */
const failing = (cause: Error) => async (): Promise<never> => {
  throw new MailerError("SES did not accept the mail", { cause });
};
/** SES taking the mail but not answering within the attempt. */
const noAnswer = () =>
  Object.assign(new Error("SES did not answer"), { name: "TimeoutError", code: "DeadlineExceeded" });

describe("deliverStoredLead when SES fails", () => {
  test("should give the attempt back and keep the lead's status when the mailer has no credentials (not attempted)", async () => {
    const { store, put, deliver, deps, outcomes } = setup();
    await put({ status: "failed", attempts: 1, lastError: "Throttling" });
    deps.mailer.send = failing(
      Object.assign(new Error("Could not load credentials from any providers"), { name: "CredentialsProviderError" }),
    );
    expect(await deliver()).toBe("not-attempted");
    expect(store.records.get("l1")).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Throttling",
      leaseUntil: undefined,
    });
    expect(outcomes()).toContain("error mail-not-attempted");
  });

  test("should leave a lead unknown, not failed, when SES did not answer within the attempt", async () => {
    const { store, put, deliver, deps } = setup();
    await put();
    deps.mailer.send = failing(noAnswer());
    expect(await deliver()).toBe("unknown");
    expect(store.records.get("l1")).toMatchObject({ status: "unknown", attempts: 1 });
    // Within the pause a send event may still come: nobody may mail it now.
    expect(await deliver()).toBe("waiting");
  });

  test("should keep a retried unknown lead unknown when SES is unclear again, and tell nobody it was mailed", async () => {
    const { store, put, deliver, deps } = setup();
    const quietLongAgo = new Date(NOW.getTime() - 3_600_000).toISOString();
    await put({ status: "unknown", updatedAt: quietLongAgo, attempts: 1, lastError: "DeadlineExceeded" });
    deps.mailer.send = failing(noAnswer());
    expect(await deliver()).toBe("unknown");
    expect(store.records.get("l1")).toMatchObject({ status: "unknown", attempts: 2, leaseUntil: undefined });
    expect(deps.queue.messages).toEqual([]);
    // SES refuses the next retry: a failure like any other, left for the retry path.
    deps.mailer.send = failing(Object.assign(new Error("Rate exceeded"), { name: "Throttling" }));
    const record = store.records.get("l1");
    if (record) record.updatedAt = quietLongAgo; // its quiet pause has passed again
    expect(await deliver()).toBe("failed");
    expect(store.records.get("l1")).toMatchObject({ status: "failed", attempts: 3, lastError: "Throttling" });
  });

  test("should log, not fail, when the record lags behind a mail the vendor already has, and confirm only once it is recorded", async () => {
    // The follow-up below runs after the attempt's lease, on the real clock.
    vi.useRealTimers();
    const L4 = "4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    const { store, put, deps, outcomes } = setup();
    await put({ submissionId: L4, receivedAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
    const markMailed = store.markMailed;
    store.markMailed = async () =>
      Promise.reject(Object.assign(new Error("table down"), { name: "ServiceUnavailable" }));
    const contact = storedLeadMails(contactMessageForm(deps.config.catalogue));
    const mailsOf = new Map([["send-contact-email", contact]]);
    expect(await deliverStoredLead(L4, contact, deps, deadlineOf(10_000), "r")).toBe("mailed");
    expect(outcomes()).toContain("error record-failed");
    expect(deps.log.lines.find((line) => line.outcome === "record-failed")).toEqual({
      level: "error",
      requestId: "r",
      submissionId: L4,
      outcome: "record-failed",
      error: "ServiceUnavailable",
    });
    // Not recorded as mailed, nothing is handed on yet: the mail's send event (or the sweep's retry) does it.
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(["hello@example.com"]);
    store.markMailed = markMailed;
    const event = {
      detail: {
        eventType: "Send",
        mail: { headers: [{ name: LEAD_ID_HEADER, value: L4 }], tags: { [LEAD_MAIL_TAG]: ["vendor"] } },
      },
    };
    await recordSendEvent(event, deps, mailsOf, deadlineOf(10_000), "e");
    // The lead was still leased by the attempt: a follow-up check is due after its lease, as deliver-lead runs it.
    const queued = deps.queue.messages.splice(0).map((message) => JSON.stringify(message));
    const records = { Records: queued.map((body, n) => ({ messageId: `q${n}`, body })) } as SQSEvent;
    await deliverBatch(records, deps, mailsOf, deadlineOf(10_000), "q");
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(["hello@example.com", "asha@example.org"]);
  });

  test("should count a lead whose send event marked it mailed while SES kept this attempt waiting as mailed", async () => {
    const { store, put, deliver, deps } = setup();
    await put();
    deps.mailer.send = async () => {
      // The send event comes in while the attempt waits, then the attempt times out.
      await store.markMailed("l1", new Date());
      throw new MailerError("SES did not answer", { cause: noAnswer() });
    };
    expect(await deliver()).toBe("mailed");
    expect(deps.log.lines).toContainEqual({
      level: "warn",
      requestId: "r1",
      submissionId: "l1",
      outcome: "mail-unknown",
      error: "DeadlineExceeded",
      attempts: 1,
    });
  });

  test("should wait at most the 900 seconds SQS allows for a send event, in whole seconds", () => {
    expect(sendEventWaitSeconds(testConfig({ sendEventWaitMs: 120_500 }))).toBe(121);
    expect(sendEventWaitSeconds(testConfig({ sendEventWaitMs: 3_600_000 }))).toBe(900);
  });
});

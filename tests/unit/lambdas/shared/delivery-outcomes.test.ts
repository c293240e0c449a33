import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { storedLeadMails } from "../../../../lambdas/shared/lead-handler.ts";
import { DELIVERY, deliverStoredLead, type MailsOf } from "../../../../lambdas/shared/delivery.ts";
import type { LeadRecord } from "../../../../lambdas/shared/lead-record.ts";
import { contactMessageForm } from "../../../../lambdas/send-contact-email/contact-message.ts";
import { SUBSCRIBE_FUNCTION } from "../../../../src/lib/newsletter.ts";
import { fakeMailer, memoryLogger, memoryQueue, memoryStore, testConfig } from "../fakes.ts";

/**
 * What one delivery attempt leaves behind, as an operator reads it in `npm run leads` and the logs: the status, the
 * lease, the confirmation's outcome, the webhook message and the log line's outcome. On a fake clock.
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

import { describe, expect, test } from "vitest";
import { storedLeadMails } from "../../../../lambdas/shared/lead-handler.ts";
import { invocationDeadline } from "../../../../lambdas/shared/deadline.ts";
import { deliverStoredLead, sendEventWaitSeconds } from "../../../../lambdas/shared/delivery.ts";
import { MailerError } from "../../../../lambdas/shared/mailer.ts";
import { LEAD_ID_HEADER, LEAD_MAIL_TAG } from "../../../../lambdas/shared/lead-mails.ts";
import { deliverBatch, recordSendEvent } from "../../../../lambdas/deliver-lead/deliver-lead.ts";
import type { SQSEvent } from "aws-lambda";
import { contactMessageForm } from "../../../../lambdas/send-contact-email/contact-message.ts";
import { fakeMailer, memoryLogger, memoryQueue, memoryStore, testConfig } from "../fakes.ts";

const config = testConfig();
const mailsOf = storedLeadMails(contactMessageForm(config.catalogue));
const at = new Date(Date.now() - 60_000).toISOString();
const lead = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  product: "esim",
  subject: "Pricing",
  message: "Do you offer reseller pricing?",
};

function failingWith(cause: Error) {
  return {
    async send(): Promise<{ messageId: string }> {
      throw new MailerError("SES did not accept the mail", { cause });
    },
  };
}

/** SES taking the mail but not answering within the attempt. */
const noAnswer = () =>
  Object.assign(new Error("SES did not answer"), { name: "TimeoutError", code: "DeadlineExceeded" });

/** What deliverStoredLead needs, with `store` and a mailer that always fails with `error`. */
function depsWith(store: ReturnType<typeof memoryStore>, error: Error) {
  return { config, store, queue: memoryQueue(), log: memoryLogger(), mailer: failingWith(error) };
}

describe("deliverStoredLead", () => {
  test("should give the attempt back and keep the lead's status when the mailer has no credentials (not attempted)", async () => {
    const store = memoryStore();
    await store.put({
      submissionId: "l1",
      form: "send-contact-email",
      status: "failed",
      receivedAt: at,
      updatedAt: at,
      attempts: 1,
      lead,
      expiresAt: 0,
      lastError: "Throttling",
    });
    const deps = depsWith(
      store,
      Object.assign(new Error("Could not load credentials from any providers"), { name: "CredentialsProviderError" }),
    );
    expect(await deliverStoredLead("l1", mailsOf, deps, invocationDeadline(undefined, 10_000), "r")).toBe(
      "not-attempted",
    );
    expect(store.records.get("l1")).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Throttling",
      leaseUntil: undefined,
    });
    expect(deps.log.lines.map((line) => [line.level, line.outcome])).toContainEqual(["error", "mail-not-attempted"]);
  });

  test("should leave a lead unknown, not failed, when SES did not answer within the attempt", async () => {
    const store = memoryStore();
    await store.put({
      submissionId: "l2",
      form: "send-contact-email",
      status: "received",
      receivedAt: at,
      updatedAt: at,
      attempts: 0,
      lead,
      expiresAt: 0,
    });
    const deps = depsWith(store, noAnswer());
    expect(await deliverStoredLead("l2", mailsOf, deps, invocationDeadline(undefined, 10_000), "r")).toBe("unknown");
    expect(store.records.get("l2")).toMatchObject({ status: "unknown", attempts: 1 });
    // Within the pause a send event may still come: nobody may mail it now.
    expect(await deliverStoredLead("l2", mailsOf, deps, invocationDeadline(undefined, 10_000), "r")).toBe("waiting");
  });

  test("should keep a retried unknown lead unknown when SES is unclear again, and tell nobody it was mailed", async () => {
    const store = memoryStore();
    const quietLongAgo = new Date(Date.now() - 3_600_000).toISOString();
    await store.put({
      submissionId: "l3",
      form: "send-contact-email",
      status: "unknown",
      receivedAt: quietLongAgo,
      updatedAt: quietLongAgo,
      attempts: 1,
      lead,
      expiresAt: 0,
      lastError: "DeadlineExceeded",
    });
    const deps = depsWith(store, noAnswer());
    expect(await deliverStoredLead("l3", mailsOf, deps, invocationDeadline(undefined, 10_000), "r")).toBe("unknown");
    expect(store.records.get("l3")).toMatchObject({ status: "unknown", attempts: 2, leaseUntil: undefined });
    expect(deps.queue.messages).toEqual([]);

    // SES refuses the next retry: a failure like any other, left for the retry path.
    deps.mailer = failingWith(Object.assign(new Error("Rate exceeded"), { name: "Throttling" }));
    const record = store.records.get("l3");
    if (record) record.updatedAt = quietLongAgo; // its quiet pause has passed again
    expect(await deliverStoredLead("l3", mailsOf, deps, invocationDeadline(undefined, 10_000), "r")).toBe("failed");
    expect(store.records.get("l3")).toMatchObject({ status: "failed", attempts: 3, lastError: "Throttling" });
  });

  const received = (submissionId: string) => ({
    submissionId,
    form: "send-contact-email",
    status: "received" as const,
    receivedAt: at,
    updatedAt: at,
    attempts: 0,
    lead,
    expiresAt: 0,
  });

  test("should log, not fail, when the record lags behind a mail the vendor already has, and confirm only once it is recorded", async () => {
    const L4 = "4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    const store = memoryStore();
    await store.put(received(L4));
    const markMailed = store.markMailed;
    store.markMailed = async () =>
      Promise.reject(Object.assign(new Error("table down"), { name: "ServiceUnavailable" }));
    const deps = { config, store, queue: memoryQueue(), log: memoryLogger(), mailer: fakeMailer() };
    expect(await deliverStoredLead(L4, mailsOf, deps, invocationDeadline(undefined, 10_000), "r")).toBe("mailed");
    expect(deps.log.lines.filter((line) => line.outcome === "record-failed")).toEqual([
      { level: "error", requestId: "r", submissionId: L4, outcome: "record-failed", error: "ServiceUnavailable" },
    ]);
    // Not recorded as mailed, nothing is handed on yet: the mail's send event (or the sweep's retry) does it.
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(["hello@example.com"]);
    store.markMailed = markMailed;
    const event = {
      detail: {
        eventType: "Send",
        mail: { headers: [{ name: LEAD_ID_HEADER, value: L4 }], tags: { [LEAD_MAIL_TAG]: ["vendor"] } },
      },
    };
    await recordSendEvent(
      event,
      deps,
      new Map([["send-contact-email", mailsOf]]),
      invocationDeadline(undefined, 10_000),
      "e",
    );
    // The lead was still leased by the attempt: a follow-up check is due after its lease, as deliver-lead runs it.
    const queued = deps.queue.messages.splice(0).map((message) => JSON.stringify(message));
    await deliverBatch(
      { Records: queued.map((body, n) => ({ messageId: `q${n}`, body })) } as SQSEvent,
      deps,
      new Map([["send-contact-email", mailsOf]]),
      invocationDeadline(undefined, 10_000),
      "q",
    );
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(["hello@example.com", "asha@example.org"]);
  });

  test("should count a lead whose send event marked it mailed while SES kept this attempt waiting as mailed", async () => {
    const store = memoryStore();
    await store.put(received("l5"));
    const deps = {
      config,
      store,
      queue: memoryQueue(),
      log: memoryLogger(),
      mailer: {
        async send(): Promise<{ messageId: string }> {
          // The send event comes in while the attempt waits, then the attempt times out.
          await store.markMailed("l5", new Date());
          throw new MailerError("SES did not answer", { cause: noAnswer() });
        },
      },
    };
    expect(await deliverStoredLead("l5", mailsOf, deps, invocationDeadline(undefined, 10_000), "r")).toBe("mailed");
    expect(deps.log.lines).toContainEqual({
      level: "warn",
      requestId: "r",
      submissionId: "l5",
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

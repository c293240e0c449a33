import { describe, expect, test } from "vitest";
import { storedLeadMails } from "../../../../lambdas/shared/lead-handler.ts";
import { invocationDeadline } from "../../../../lambdas/shared/deadline.ts";
import { deliverStoredLead } from "../../../../lambdas/shared/delivery.ts";
import { MailerError } from "../../../../lambdas/shared/mailer.ts";
import { contactMessageForm } from "../../../../lambdas/send-contact-email/contact-message.ts";
import { memoryLogger, memoryQueue, memoryStore, testConfig } from "../fakes.ts";

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
});

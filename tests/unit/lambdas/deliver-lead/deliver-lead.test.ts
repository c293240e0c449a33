import type { SQSEvent } from "aws-lambda";
import { describe, expect, test } from "vitest";
import { deliverBatch, formMails, recordSendEvent, sweep } from "../../../../lambdas/deliver-lead/deliver-lead.ts";
import { LEAD_ID_HEADER, LEAD_ID_TAG, LEAD_MAIL_TAG } from "../../../../lambdas/shared/lead-mails.ts";
import { invocationDeadline } from "../../../../lambdas/shared/deadline.ts";
import type { LeadRecord } from "../../../../lambdas/shared/lead-record.ts";
import { fakeMailer, memoryLogger, memoryQueue, memoryStore, testConfig } from "../fakes.ts";

const config = testConfig();
const forms = formMails(config.catalogue);
const LEAD = {
  name: "Asha Verma",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  product: "esim",
  subject: "Reseller pricing",
  message: "Do you offer reseller pricing?",
};
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const record = (submissionId: string, overrides: Partial<LeadRecord> = {}): LeadRecord => ({
  submissionId,
  form: "send-contact-email",
  status: "failed",
  receivedAt: at(10),
  updatedAt: at(10),
  attempts: 1,
  lastError: "Throttling",
  lead: LEAD,
  expiresAt: 0,
  ...overrides,
});
const batch = (...bodies: string[]): SQSEvent => ({
  Records: bodies.map((body, i) => ({ messageId: `m${i}`, body }) as SQSEvent["Records"][number]),
});
const message = (submissionId: string, form = "send-contact-email") => JSON.stringify({ submissionId, form });

function setup(failOn: number[] = []) {
  return { config, mailer: fakeMailer(failOn), log: memoryLogger(), store: memoryStore(), queue: memoryQueue() };
}

describe("deliverBatch", () => {
  test("should file a queued spam-folder lead the store was down for, and mail nothing", async () => {
    const deps = setup();
    const spam = record("s1", { status: "spam", spamReason: "too-fast", attempts: 0 });
    const body = JSON.stringify({ submissionId: "s1", form: "send-contact-email", unstored: spam });
    const answer = await deliverBatch(batch(body), deps, forms, invocationDeadline(undefined, 30_000), "r");
    expect(answer.batchItemFailures).toEqual([]);
    expect(deps.store.records.get("s1")).toMatchObject({ status: "spam", spamReason: "too-fast" });
    expect(deps.mailer.sent).toEqual([]);
  });

  test("should mail each queued lead once, and report back the ones SES did not take or another message holds", async () => {
    const deps = setup([1]);
    for (const id of ["a", "b"]) await deps.store.put(record(id));
    const answer = await deliverBatch(
      batch(message("a"), message("b"), message("b")),
      deps,
      forms,
      invocationDeadline(undefined, 30_000),
      "r",
    );
    // m2 repeats b while m1 holds its lease: it comes back later and then finds b mailed.
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: "m0" }, { itemIdentifier: "m2" }]);
    expect(deps.store.records.get("a")).toMatchObject({ status: "failed", attempts: 2 });
    expect(deps.store.records.get("b")).toMatchObject({ status: "acknowledged", attempts: 2 });
    expect(deps.mailer.sent.filter((mail) => mail.to === "hello@example.com")).toHaveLength(1);
  });

  test("should drop a message for a lead that is mailed already, unknown, or not a retry message at all", async () => {
    const deps = setup();
    await deps.store.put(record("done", { status: "acknowledged" }));
    const answer = await deliverBatch(
      batch(message("done"), message("nobody"), message("done", "send-fax"), "{oops"),
      deps,
      forms,
      invocationDeadline(undefined, 30_000),
      "r",
    );
    expect(answer.batchItemFailures).toEqual([]);
    expect(deps.mailer.sent).toEqual([]);
    expect(deps.log.lines.filter((line) => line.outcome === "unknown-message")).toHaveLength(2);
  });

  test("should hand back a lead another worker holds, so that it is tried again after the visibility timeout", async () => {
    const deps = setup();
    await deps.store.put(record("held"));
    await deps.store.claim("held", 60_000, new Date(), new Date());
    const answer = await deliverBatch(batch(message("held")), deps, forms, invocationDeadline(undefined, 30_000), "r");
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: "m0" }]);
    expect(deps.mailer.sent).toEqual([]);
  });
});

describe("sweep", () => {
  test("should re-enqueue received and failed leads untouched for over 2 minutes, and nothing else", async () => {
    const deps = setup();
    await deps.store.put(record("stuck", { status: "received", attempts: 0, updatedAt: at(3) }));
    await deps.store.put(record("failed", { updatedAt: at(5) }));
    await deps.store.put(record("fresh", { status: "received", updatedAt: at(1) }));
    await deps.store.put(record("mailed", { status: "mailed", updatedAt: at(30) }));
    await deps.store.put(record("old", { receivedAt: at(8 * 24 * 60), updatedAt: at(8 * 24 * 60) }));
    expect(await sweep(deps)).toBe(2);
    expect(deps.queue.messages.map((m) => m.submissionId).sort()).toEqual(["failed", "stuck"]);
    expect(deps.log.lines.at(-1)).toMatchObject({ level: "info", outcome: "swept", count: 2 });
  });

  test("should stay quiet at info level when it finds nothing to re-enqueue", async () => {
    const deps = setup();
    await deps.store.put(record("mailed", { status: "mailed", updatedAt: at(30) }));
    expect(await sweep(deps)).toBe(0);
    expect(deps.log.lines.filter((line) => line.level !== "debug")).toEqual([]);
  });
});

describe("recordSendEvent", () => {
  const UUID = "0b7c6a52-4f1e-4c3a-9a55-2f6d1c9e8b10";
  const sendEvent = (submissionId: string) => ({
    detail: {
      eventType: "Send",
      mail: {
        headers: [{ name: LEAD_ID_HEADER, value: submissionId }],
        tags: { [LEAD_MAIL_TAG]: ["vendor"], [LEAD_ID_TAG]: [submissionId] },
      },
    },
  });
  const visitorMails = (deps: ReturnType<typeof setup>) => deps.mailer.sent.filter((mail) => mail.to === LEAD.email);

  test("should mark an unknown lead mailed and send the visitor's confirmation once, however often the event comes", async () => {
    const deps = setup();
    await deps.store.put(record(UUID, { status: "unknown", lastError: "TimeoutError" }));
    const deadline = invocationDeadline(undefined, 30_000);
    expect(await recordSendEvent(sendEvent(UUID), deps, forms, deadline, "r")).toBe(UUID);
    expect(await recordSendEvent(sendEvent(UUID), deps, forms, deadline, "r")).toBe(UUID);
    expect(deps.store.records.get(UUID)).toMatchObject({ status: "acknowledged", acknowledgement: "sent" });
    expect(visitorMails(deps)).toHaveLength(1);
    // The vendor's copy is what the event reports: it is never sent again.
    expect(deps.mailer.sent.filter((mail) => mail.to === "hello@example.com")).toEqual([]);
  });

  test.each([
    ["received, its first attempt still waiting for SES", { status: "received" as const }],
    ["unknown, and a retry holding it", { status: "unknown" as const, leaseUntil: Date.now() + 60_000 }],
  ])("should leave the confirmation to the attempt when the lead was %s", async (_, state) => {
    const deps = setup();
    await deps.store.put(record(UUID, state));
    await recordSendEvent(sendEvent(UUID), deps, forms, invocationDeadline(undefined, 30_000), "r");
    expect(deps.store.records.get(UUID)).toMatchObject({ status: "mailed" });
    expect(visitorMails(deps)).toEqual([]);
  });
});

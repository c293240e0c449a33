import type { SQSEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { deliverBatch, formMails, recordSendEvent, sweep } from "../../../../lambdas/deliver-lead/deliver-lead.ts";
import { LEAD_ID_HEADER, LEAD_ID_TAG, LEAD_MAIL_TAG } from "../../../../lambdas/shared/lead-mails.ts";
import { invocationDeadline } from "../../../../lambdas/shared/deadline.ts";
import { deliverStoredLead } from "../../../../lambdas/shared/delivery.ts";
import { MailerError } from "../../../../lambdas/shared/mailer.ts";
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
    ["received, with no attempt holding it", { status: "received" as const }, 0],
    ["unknown, and a retry holding it", { status: "unknown" as const, leaseUntil: Date.now() + 60_000 }, 60],
  ])("should hand the lead on, once, when the event found it %s", async (_, state, heldSeconds) => {
    const deps = setup();
    await deps.store.put(record(UUID, state));
    await recordSendEvent(sendEvent(UUID), deps, forms, invocationDeadline(undefined, 30_000), "r");
    // A held lead is checked once its lease is over (and a little more), as the attempt may still hand it on.
    const checks = deps.queue.messages.filter((m) => m.kind === "follow-up");
    expect(checks.map((m) => m.delaySeconds >= heldSeconds)).toEqual(heldSeconds ? [true] : []);
    await runQueued(deps);
    await runQueued(deps);
    expect(deps.store.records.get(UUID)).toMatchObject({ status: "acknowledged" });
    expect(visitorMails(deps)).toHaveLength(1);
  });
});

/** Runs the messages on the memory queue of `kind` (all when unset) once, as deliver-lead would, and takes them off. */
async function runQueued(deps: ReturnType<typeof setup>, kind?: string, forms_ = forms) {
  const due = deps.queue.messages.filter((message) => kind === undefined || message.kind === kind);
  deps.queue.messages.splice(0, deps.queue.messages.length, ...deps.queue.messages.filter((m) => !due.includes(m)));
  const bodies = due.map((message) => JSON.stringify(message));
  if (bodies.length > 0) await deliverBatch(batch(...bodies), deps, forms_, invocationDeadline(undefined, 30_000), "q");
}

/**
 * An attempt SES outlasts, on a fake clock: the vendor's mail goes out (its send event comes while the attempt still
 * holds the lead), and the attempt ends without knowing it. The webhook post and the visitor's confirmation must
 * follow exactly once, whichever of the two ends last.
 */
describe("a mail attempt that SES outlasts", () => {
  const UUID = "6a0c2f1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
  const hooked = testConfig({ leadWebhook: { url: "https://hooks.example.com/x" } });
  const sendEvent = {
    detail: {
      eventType: "Send",
      mail: { headers: [{ name: LEAD_ID_HEADER, value: UUID }], tags: { [LEAD_MAIL_TAG]: ["vendor"] } },
    },
  };
  /** A mailer whose vendor mail SES takes at once (its send event goes out) and then answers as `ends` says. */
  function slowSes(deps: ReturnType<typeof setup>, ends: "timeout" | "refused" | "late-success") {
    const events: Array<Promise<unknown>> = [];
    deps.mailer.send = async (mail, { timeoutMs }) => {
      if (mail.to !== "hello@example.com") {
        deps.mailer.sent.push(mail);
        return { messageId: "ack" };
      }
      events.push(
        recordSendEvent(sendEvent, deps, formMails(hooked.catalogue), invocationDeadline(undefined, 30_000), "event"),
      );
      if (ends === "late-success") {
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        return { messageId: "late" };
      }
      if (ends === "refused")
        throw new MailerError("refused", {
          cause: Object.assign(new Error("throttled"), { name: "TooManyRequestsException" }),
        });
      await new Promise((resolve) => setTimeout(resolve, timeoutMs));
      throw new MailerError("no answer", {
        cause: Object.assign(new Error("SES did not answer"), { name: "TimeoutError", code: "DeadlineExceeded" }),
      });
    };
    return events;
  }
  const handedOn = (deps: ReturnType<typeof setup>) => ({
    webhooks: deps.queue.messages.filter((m) => m.kind === "webhook").length,
    confirmations: deps.mailer.sent.filter((mail) => mail.to === LEAD.email).length,
  });

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-27T10:00:00.000Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test.each([
    ["times out and cannot record that (a slow store)", "timeout" as const, true],
    ["times out and records it", "timeout" as const, false],
    ["gets SES's success only after its deadline", "late-success" as const, false],
  ])("should post and confirm a slow mail once when its first attempt %s", async (_, ends, storeFails) => {
    const deps = { ...setup(), config: hooked };
    await deps.store.put(record(UUID, { status: "received", attempts: 0, receivedAt: new Date().toISOString() }));
    if (storeFails) deps.store.markUnknown = () => Promise.reject(new Error("store timed out"));
    const events = slowSes(deps, ends);
    const mailsOf = formMails(hooked.catalogue).get("send-contact-email");
    if (!mailsOf) throw new Error("no form");
    const attempt = deliverStoredLead(UUID, mailsOf, deps, invocationDeadline(undefined, 10_000), "first").catch(
      () => "threw",
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await attempt;
    await Promise.all(events);
    // The follow-up check due after the attempt's lease (deliver-lead takes it from the queue then).
    await runQueued(deps, "follow-up", formMails(hooked.catalogue));
    expect(handedOn(deps)).toEqual({ webhooks: 1, confirmations: 1 });
  });

  test("should post and confirm once when a retry holds the lead as its first mail's event comes, and SES refuses the retry", async () => {
    const deps = { ...setup(), config: hooked };
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await deps.store.put(
      record(UUID, { status: "unknown", attempts: 1, lastError: "DeadlineExceeded", updatedAt: longAgo }),
    );
    const events = slowSes(deps, "refused");
    const answer = await deliverBatch(
      batch(message(UUID)),
      deps,
      formMails(hooked.catalogue),
      invocationDeadline(undefined, 30_000),
      "retry",
    );
    await Promise.all(events);
    await runQueued(deps, "follow-up", formMails(hooked.catalogue));
    expect(answer.batchItemFailures).toEqual([]);
    expect(deps.store.records.get(UUID)?.status).toBe("acknowledged");
    expect(handedOn(deps)).toEqual({ webhooks: 1, confirmations: 1 });
  });
});

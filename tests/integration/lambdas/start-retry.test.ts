import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import {
  advanceUntil,
  type LeadStack,
  leadIdOf,
  RETRIED_ONCE,
  retriedTwiceFailedLead,
  startLeadStack,
  VALID,
} from "./harness.ts";

/**
 * Under `npm start` the handlers run in process and hand a lead they could not mail to
 * the in-process retry queue, started as server/start.ts starts it; a failed mail is retried within seconds, and again
 * after a failed receive, with no sweep (dev-retry.test.ts: the same under `npm run dev`). The queue's delays, backoff
 * and polls and the sweep's schedule run on a fake clock (Date and setInterval, faked before the stack starts), moved
 * poll by poll; the handlers' own timeouts stay on the real one, and no test here waits for them.
 */
let stack: LeadStack;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  stack = await startLeadStack({ asNpmStart: true });
});
afterAll(async () => {
  await stack?.close();
  vi.useRealTimers();
});
beforeEach(async () => {
  stack.fault("pass");
  await stack.clearMails();
});

test("under npm start a lead whose mail SES refused twice is mailed by the retry queue within seconds, once, with no sweep", async () => {
  expect(await retriedTwiceFailedLead(stack, "send-product-inquiry", "start@example.org")).toEqual(RETRIED_ONCE);
});

test("a lead whose retries all fail is received 5 times, 2, 2, 4, 8 and 16 s apart, goes to the dead letters, stays stored, and is mailed once when replayed", async () => {
  const form = "send-installation-email";
  const lead = { ...VALID[form], email: "dead@example.org", submissionId: randomUUID() };
  const attempts = async () => (await stack.lead(lead.submissionId))?.attempts ?? 0;
  stack.fault("error");
  expect((await stack.call(form, lead)).status).toBe(200);
  // The handler's attempt, then one per receive: the local delay (2 s), then the backoff, doubling.
  const secondsApart: number[] = [];
  for (let attempt = 2; attempt <= 6; attempt++) {
    const waited = await advanceUntil(stack, async () => (await attempts()) === attempt, 60_000);
    // Whole seconds: a receive comes at the first poll after its wait (every 250 ms), never before.
    secondsApart.push(Math.floor(waited / 1_000));
  }
  expect(secondsApart).toEqual([2, 2, 4, 8, 16]);
  // Off the queue, on the dead-letter list.
  expect([stack.queue.size, stack.queue.deadLetters]).toEqual([0, [{ submissionId: lead.submissionId, form }]]);
  expect(await stack.lead(lead.submissionId)).toMatchObject({
    status: "failed",
    attempts: 6,
    lastError: "InternalFailure",
  });

  stack.fault("pass");
  expect(stack.queue.redrive()).toBe(1);
  const vendorCopies = async () =>
    (await stack.mails()).filter(
      (mail) => mail.destination.to.includes("hello@example.com") && leadIdOf(mail) === lead.submissionId,
    ).length;
  await advanceUntil(stack, async () => (await vendorCopies()) > 0, 60_000);
  expect(await vendorCopies()).toBe(1);
  expect(await stack.lead(lead.submissionId)).toMatchObject({ status: "acknowledged" });
});

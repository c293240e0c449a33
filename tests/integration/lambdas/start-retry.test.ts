import { afterAll, beforeAll, expect, test } from "vitest";
import { eventually, failTwiceThenRecover, type LeadStack, leadIdOf, startLeadStack, VALID } from "./harness.ts";

/**
 * Issue 24 and issue 32 row 1: under `npm start` the handlers run in process and hand a lead they could not mail to
 * the in-process retry queue, started as server/start.ts starts it; a failed mail is retried within seconds, and again
 * after a failed receive, with no sweep (dev-retry.test.ts: the same under `npm run dev`).
 */
let stack: LeadStack;
beforeAll(async () => {
  stack = await startLeadStack({ asNpmStart: true });
});
afterAll(async () => {
  await stack?.close();
});

test("under npm start a lead whose mail SES refused twice is mailed by the retry queue within seconds, once, with no sweep", async () => {
  const form = "send-product-inquiry";
  const { status, handlerFailed, queueFailed, submissionId } = await failTwiceThenRecover(stack, form, {
    ...VALID[form],
    email: "start@example.org",
  });
  expect([status, handlerFailed, queueFailed]).toEqual([200, true, true]);
  const vendorCopies = async () =>
    (await stack.mails()).filter(
      (mail) => mail.destination.to.includes("hello@example.com") && leadIdOf(mail) === submissionId,
    ).length;
  // Two backoffs and two SES tries per attempt: given room on a loaded machine, as only the outcome is asserted.
  expect(await eventually(async () => (await vendorCopies()) === 1, 300)).toBe(true);
  expect(await eventually(async () => (await stack.lead(submissionId))?.status === "acknowledged")).toBe(true);
  expect(await stack.lead(submissionId)).toMatchObject({ attempts: 3 });
  expect(await vendorCopies()).toBe(1);
});

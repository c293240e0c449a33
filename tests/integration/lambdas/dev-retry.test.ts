import { afterAll, beforeAll, expect, test } from "vitest";
import { eventually, failTwiceThenRecover, type LeadStack, leadIdOf, startLeadStack, VALID } from "./harness.ts";

/**
 * Issue 24 item 4 and issue 32 row 1: under `npm run dev` the handlers run in a worker thread (server/lambda-host.ts);
 * what they put on the retry queue reaches the server's queue, which deliver-lead consumes, so a failed mail is
 * retried within seconds, the queue started as server/start.ts starts it (start-retry.test.ts has the same test in
 * process, as under `npm start`).
 */
let stack: LeadStack;
beforeAll(async () => {
  stack = await startLeadStack({ dev: true, asNpmStart: true });
});
afterAll(async () => {
  await stack?.close();
});

test("under npm run dev a lead whose mail SES refused twice is mailed by the retry queue within seconds, once, with no sweep", async () => {
  const form = "send-contact-email";
  const { status, handlerFailed, queueFailed, submissionId } = await failTwiceThenRecover(stack, form, {
    ...VALID[form],
    email: "dev@example.org",
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

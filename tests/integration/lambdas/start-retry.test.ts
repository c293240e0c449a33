import { afterAll, beforeAll, expect, test } from "vitest";
import { type LeadStack, RETRIED_ONCE, retriedTwiceFailedLead, startLeadStack } from "./harness.ts";

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
  expect(await retriedTwiceFailedLead(stack, "send-product-inquiry", "start@example.org")).toEqual(RETRIED_ONCE);
});

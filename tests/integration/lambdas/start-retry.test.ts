import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { type LeadStack, RETRIED_ONCE, retriedTwiceFailedLead, startLeadStack } from "./harness.ts";

/**
 * Issue 24 and issue 32 row 1: under `npm start` the handlers run in process and hand a lead they could not mail to
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

test("under npm start a lead whose mail SES refused twice is mailed by the retry queue within seconds, once, with no sweep", async () => {
  expect(await retriedTwiceFailedLead(stack, "send-product-inquiry", "start@example.org")).toEqual(RETRIED_ONCE);
});

import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { type LeadStack, RETRIED_ONCE, retriedTwiceFailedLead, startLeadStack } from "./harness.ts";

/**
 * Under `npm run dev` the handlers run in a worker thread (server/lambda-host.ts);
 * what they put on the retry queue reaches the server's queue, which deliver-lead consumes, so a failed mail is
 * retried within seconds, the queue started as server/start.ts starts it (start-retry.test.ts has the same test in
 * process, as under `npm start`). The server's queue and sweep run in this thread, on a fake clock (Date and
 * setInterval, faked before the stack starts), moved poll by poll; the worker's handlers keep the real one.
 */
let stack: LeadStack;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  stack = await startLeadStack({ dev: true, asNpmStart: true });
});
afterAll(async () => {
  await stack?.close();
  vi.useRealTimers();
});

test("under npm run dev a lead whose mail SES refused twice is mailed by the retry queue within seconds, once, with no sweep", async () => {
  expect(await retriedTwiceFailedLead(stack, "send-contact-email", "dev@example.org")).toEqual(RETRIED_ONCE);
});

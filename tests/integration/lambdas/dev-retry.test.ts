import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { eventually, type LeadStack, leadIdOf, startLeadStack, VALID } from "./harness.ts";

/**
 * Issue 24 item 4: under `npm run dev` the handlers run in a worker thread (server/lambda-host.ts); what they put on
 * the retry queue reaches the server's queue, which deliver-lead consumes, so a failed mail is retried within seconds
 * as under `npm start` (exactly-once.test.ts has the same test in process).
 */
let stack: LeadStack;
beforeAll(async () => {
  stack = await startLeadStack({ dev: true, maxDelaySeconds: 1, retryBackoffMs: 200 });
});
afterAll(async () => {
  await stack?.close();
});

test("under npm run dev a lead whose mail SES refused is mailed by the retry queue within seconds, once, with no sweep", async () => {
  stack.fault("error");
  const submissionId = randomUUID();
  const { status } = await stack.call("send-contact-email", {
    ...VALID["send-contact-email"],
    email: "dev@example.org",
    submissionId,
  });
  expect(status).toBe(200);
  expect(await stack.lead(submissionId)).toMatchObject({ status: "failed", attempts: 1 });
  stack.fault("pass");
  const vendorCopies = async () =>
    (await stack.mails()).filter(
      (mail) => mail.destination.to.includes("hello@example.com") && leadIdOf(mail) === submissionId,
    ).length;
  expect(await eventually(async () => (await vendorCopies()) === 1)).toBe(true);
  expect(await eventually(async () => (await stack.lead(submissionId))?.status === "acknowledged")).toBe(true);
  expect(await stack.lead(submissionId)).toMatchObject({ attempts: 2 });
  expect(await vendorCopies()).toBe(1);
});

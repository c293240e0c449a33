import { describe, expect, test } from "vitest";
import { type LeadRecord, parseRetryMessage, retryMessageBody } from "../../../../lambdas/shared/lead-record.ts";

const unstored: LeadRecord = {
  submissionId: "9b1c2d3e-0000-4000-8000-000000000001",
  form: "send-contact-email",
  status: "mailed",
  receivedAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:01.000Z",
  attempts: 1,
  lead: {
    name: "Asha",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    subject: "Pricing",
    message: "Do you offer reseller pricing?",
  },
  expiresAt: 1_900_000_000,
};

describe("retry message bodies", () => {
  test("should carry a lead mailed while the store was down to deliver-lead whole, so it is stored there", () => {
    const message = { submissionId: unstored.submissionId, form: unstored.form, unstored };
    expect(parseRetryMessage(retryMessageBody(message))).toEqual(message);
  });

  test("should carry a plain retry and a webhook message as they are", () => {
    const retry = { submissionId: unstored.submissionId, form: unstored.form };
    const webhook = { ...retry, kind: "webhook" as const };
    expect(parseRetryMessage(retryMessageBody(retry))).toEqual(retry);
    expect(parseRetryMessage(retryMessageBody(webhook))).toEqual(webhook);
  });
});

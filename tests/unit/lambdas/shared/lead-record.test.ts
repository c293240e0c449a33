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

describe("parseRetryMessage", () => {
  const retry = { submissionId: unstored.submissionId, form: unstored.form };

  test("should drop a stray message rather than retry it forever", () => {
    for (const body of [
      "not json",
      "null",
      '"text"',
      "42",
      JSON.stringify({ form: retry.form }),
      JSON.stringify({ submissionId: retry.submissionId }),
      JSON.stringify({ submissionId: "", form: retry.form }),
      JSON.stringify({ submissionId: retry.submissionId, form: "" }),
      JSON.stringify({ submissionId: 7, form: retry.form }),
      JSON.stringify({ submissionId: retry.submissionId, form: ["send-contact-email"] }),
    ])
      expect([body, parseRetryMessage(body)]).toEqual([body, undefined]);
  });

  test("should retry a lead whose carried copy cannot be stored as it is, without the copy", () => {
    const broken: Array<Record<string, unknown>> = [
      { ...unstored, submissionId: "9b1c2d3e-0000-4000-8000-000000000009" },
      { ...unstored, form: 1 },
      { ...unstored, status: "sent" },
      { ...unstored, receivedAt: 1_700_000_000 },
      { ...unstored, lead: null },
      { ...unstored, lead: "Asha" },
      { ...unstored, lead: { name: "Asha", age: 40 } },
      { ...unstored, lead: { age: 40, name: "Asha" } },
    ];
    for (const copy of broken) expect(parseRetryMessage(JSON.stringify({ ...retry, unstored: copy }))).toEqual(retry);
    expect(parseRetryMessage(JSON.stringify({ ...retry, unstored: null }))).toEqual(retry);
    expect(parseRetryMessage(JSON.stringify({ ...retry, unstored: "lead" }))).toEqual(retry);
  });

  test("should carry no copy on a webhook message", () => {
    expect(parseRetryMessage(JSON.stringify({ ...retry, kind: "webhook", unstored }))).toEqual({
      ...retry,
      kind: "webhook",
    });
    expect(parseRetryMessage(JSON.stringify({ ...retry, kind: "other" }))).toEqual(retry);
  });
});

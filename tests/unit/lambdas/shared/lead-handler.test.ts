import { describe, expect, test } from "vitest";
import { contactEmailForm } from "../../../../lambdas/send-contact-email/send-contact-email.ts";
import { createLeadHandler, deliverLead, isTrapped } from "../../../../lambdas/shared/lead-handler.ts";
import { fakeMailer, memoryLogger, postEvent, testConfig } from "../fakes.ts";

const config = testConfig();
const LEAD = {
  name: "Asha Verma",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  subject: "Reseller pricing",
  message: "Do you offer reseller pricing for eSIM?",
  product: "esim",
  website: "",
  elapsedMs: 4_000,
};
const mail = (to: string) => ({ from: "a@example.com", to, replyTo: "b@example.com", subject: "s", html: "<p>h</p>", text: "t" });

describe("isTrapped", () => {
  test("should trap a filled honeypot, a form sent within 2 seconds, and a missing or non-numeric time", () => {
    expect(isTrapped({ website: "", elapsedMs: 2_000 })).toBe(false);
    expect(isTrapped({ elapsedMs: 60_000 })).toBe(false);
    expect(isTrapped({ website: "x", elapsedMs: 60_000 })).toBe(true);
    expect(isTrapped({ website: 0, elapsedMs: 60_000 })).toBe(true);
    expect(isTrapped({ elapsedMs: 1_999 })).toBe(true);
    expect(isTrapped({})).toBe(true);
    expect(isTrapped({ elapsedMs: "5000" })).toBe(true);
    expect(isTrapped({ elapsedMs: Number.NaN })).toBe(true);
  });
});

describe("deliverLead", () => {
  test("should send the vendor's mail first, then the confirmation", async () => {
    const mailer = fakeMailer();
    await deliverLead({ vendor: mail("vendor@example.com"), acknowledgement: mail("visitor@example.org") }, { config, mailer, log: memoryLogger() }, "r");
    expect(mailer.sent.map((m) => m.to)).toEqual(["vendor@example.com", "visitor@example.org"]);
  });

  test("should send no confirmation when the vendor's mail fails", async () => {
    const mailer = fakeMailer([1]);
    await expect(
      deliverLead({ vendor: mail("vendor@example.com"), acknowledgement: mail("visitor@example.org") }, { config, mailer, log: memoryLogger() }, "r"),
    ).rejects.toThrow("refused");
    expect(mailer.sent).toEqual([]);
  });

  test("should log a failed confirmation as a warning and still count the lead as sent", async () => {
    const mailer = fakeMailer([2]);
    const log = memoryLogger();
    const result = await deliverLead({ vendor: mail("vendor@example.com"), acknowledgement: mail("visitor@example.org") }, { config, mailer, log }, "r");
    expect(result.messageId).toBe("m1");
    expect(log.lines).toEqual([{ level: "warn", requestId: "r", outcome: "ack-failed", error: "Throttling" }]);
  });
});

describe("createLeadHandler", () => {
  test("should answer 200 with the request id and log one line without the visitor's data", async () => {
    const log = memoryLogger();
    const handler = createLeadHandler(contactEmailForm(config.catalogue), { config, mailer: fakeMailer(), log });
    const answer = await handler(postEvent(LEAD), { awsRequestId: "aws-1" });
    expect(JSON.parse(answer.body)).toEqual({ success: true, data: { id: "aws-1" } });
    expect(log.lines).toEqual([{ level: "info", requestId: "aws-1", outcome: "sent", status: 200, durationMs: expect.any(Number) }]);
    const logged = JSON.stringify(log.lines);
    for (const value of [LEAD.name, LEAD.email, LEAD.mobile, LEAD.message, LEAD.subject]) expect(logged).not.toContain(value);
  });

  test("should log the name of an invalid field, never its value", async () => {
    const log = memoryLogger();
    const handler = createLeadHandler(contactEmailForm(config.catalogue), { config, mailer: fakeMailer(), log });
    const answer = await handler(postEvent({ ...LEAD, email: "asha-at-example" }));
    expect([answer.statusCode, JSON.parse(answer.body).error]).toEqual([400, "Invalid email address"]);
    expect(log.lines[0]).toMatchObject({ outcome: "invalid", field: "email", requestId: "req-1" });
    expect(JSON.stringify(log.lines)).not.toContain("asha-at-example");
  });

  test("should answer a trapped bot like a person and send nothing", async () => {
    const mailer = fakeMailer();
    const log = memoryLogger();
    const answer = await createLeadHandler(contactEmailForm(config.catalogue), { config, mailer, log })(postEvent({ ...LEAD, elapsedMs: 300 }));
    expect(JSON.parse(answer.body)).toEqual({ success: true, data: { id: "req-1" } });
    expect(mailer.sent).toEqual([]);
    expect(log.lines[0]?.outcome).toBe("trapped");
  });

  test("should answer 500 with a generic text when the core has a bug, logging the stack for operators", async () => {
    const log = memoryLogger();
    const form = { ...contactEmailForm(config.catalogue), send: async () => Promise.reject(new TypeError("boom")) };
    const answer = await createLeadHandler(form, { config, mailer: fakeMailer(), log })(postEvent(LEAD));
    expect([answer.statusCode, answer.body]).toEqual([500, '{"success":false,"error":"Internal error"}']);
    expect(log.lines[0]).toMatchObject({ level: "error", outcome: "error", error: "TypeError", stack: expect.stringContaining("boom") });
  });

  test("should answer 502 with the form's failure text when SES refuses the vendor's mail", async () => {
    const log = memoryLogger();
    const answer = await createLeadHandler(contactEmailForm(config.catalogue), { config, mailer: fakeMailer([1]), log })(postEvent(LEAD));
    expect([answer.statusCode, JSON.parse(answer.body)]).toEqual([502, { success: false, error: "Failed to send email" }]);
    expect(log.lines[0]).toMatchObject({ level: "error", outcome: "mail-failed", error: "Throttling" });
  });
});

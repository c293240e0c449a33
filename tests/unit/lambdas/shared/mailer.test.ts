import { describe, expect, test } from "vitest";
import { formatAddress, MailerError } from "../../../../lambdas/shared/mailer.ts";

describe("formatAddress", () => {
  test("should quote a plain name and encode any other as an RFC 2047 word", () => {
    expect(formatAddress("Nexaworks Apps", "no-reply@example.com")).toBe('"Nexaworks Apps" <no-reply@example.com>');
    expect(formatAddress("Café \"Apps\"", "a@example.com")).toBe(`=?UTF-8?B?${Buffer.from('Café "Apps"').toString("base64")}?= <a@example.com>`);
    expect(formatAddress("", "a@example.com")).toBe("a@example.com");
  });
});

describe("MailerError", () => {
  test("should keep a loggable code from the cause: its code, its own cause's code, or its name", () => {
    expect(new MailerError("x", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }).code).toBe("ECONNREFUSED");
    expect(new MailerError("x", { cause: Object.assign(new Error("t"), { cause: Object.assign(new Error("r"), { code: "ETIMEDOUT" }) }) }).code).toBe("ETIMEDOUT");
    const rejected = new Error("Email address is not verified: hello@example.com");
    rejected.name = "MessageRejected";
    expect(new MailerError("x", { cause: rejected }).code).toBe("MessageRejected");
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { LEAD_FUNCTIONS, type LeadFunction, startLeadStack, type StoredMail, VALID } from "./harness.ts";

// The stack under test: real handlers → real SES emulator over HTTP, as `npm start` runs them.
let stack: Awaited<ReturnType<typeof startLeadStack>>;
beforeAll(async () => {
  // Many leads from one address in this file: the daily acknowledgement limit has its own test (exactly-once.test.ts).
  stack = await startLeadStack({ env: { ACK_DAILY_LIMIT: "1000" } });
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  await stack.clearMails();
});

const RECIPIENT = "hello@example.com";
const SENDER = '"Nexaworks Apps" <no-reply@example.com>';

const EXPECTED_SUBJECT: Record<LeadFunction, string> = {
  "send-product-inquiry": "Product inquiry: Legalway",
  "send-installation-email": "Installation request: Astroway, Android package",
  "send-contact-email": "Contact message about eSIM",
};

/** The visitor's free text of each form: it must reach the vendor, and never the visitor's confirmation. */
const FREE_TEXT: Record<LeadFunction, string[]> = {
  "send-product-inquiry": ["name", "company", "message"],
  "send-installation-email": ["name", "message"],
  "send-contact-email": ["name", "subject", "message"],
};

function vendorMail(mails: StoredMail[]): StoredMail {
  const mail = mails.find((m) => m.destination.to.includes(RECIPIENT));
  if (!mail) throw new Error(`no mail to ${RECIPIENT} among ${mails.length}`);
  return mail;
}

describe.each(LEAD_FUNCTIONS)("POST /api/%s", (name) => {
  const valid = VALID[name];

  test("sends the lead to the vendor with the visitor as Reply-To, and a confirmation to the visitor", async () => {
    const { status, answer } = await stack.call(name, valid);
    expect(status).toBe(200);
    expect(answer).toEqual({ success: true, data: { id: expect.any(String) } });

    const mails = await stack.mails();
    expect(mails).toHaveLength(2);
    const vendor = vendorMail(mails);
    expect(vendor.from).toBe(SENDER);
    expect(vendor.destination).toEqual({ to: [RECIPIENT], cc: [], bcc: [] });
    expect(vendor.replyTo).toEqual([valid.email]);
    expect(vendor.subject).toBe(EXPECTED_SUBJECT[name]);
    for (const field of ["name", "email", "mobile", ...FREE_TEXT[name]]) {
      const value = String(valid[field as keyof typeof valid]);
      expect(vendor.body.text, field).toContain(value);
      expect(vendor.body.html, field).toContain(value);
    }
    expect(vendor.body.text).toContain(answer.data?.id);

    const ack = mails.find((m) => m !== vendor);
    expect(ack?.destination).toEqual({ to: [valid.email], cc: [], bcc: [] });
    expect(ack?.replyTo).toEqual([RECIPIENT]);
    for (const field of FREE_TEXT[name]) {
      const value = String(valid[field as keyof typeof valid]);
      expect(ack?.body.text, field).not.toContain(value);
      expect(ack?.body.html, field).not.toContain(value);
      expect(ack?.subject, field).not.toContain(value);
    }
  });

  test("rejects CR and LF in one-line fields and never lets a header or recipient in", async () => {
    const injections: Array<[string, string, string]> = [
      ["name", "Asha\r\nBcc: evil@example.net", "Name must be on one line"],
      ["email", "asha@example.org\r\nBcc: evil@example.net", "Invalid email address"],
      ["email", "asha@example.org, evil@example.net", "Invalid email address"],
      ["email", "Asha <asha@example.org>", "Invalid email address"],
      ["mobile", "98765\n43210 12", "Mobile number must be on one line"],
    ];
    if (name === "send-contact-email")
      injections.push(["subject", "Hi\nBcc: evil@example.net", "Subject must be on one line"]);
    if (name === "send-product-inquiry")
      injections.push(["company", "ACME\r\nTo: evil@example.net", "Company must be on one line"]);
    for (const [field, value, message] of injections) {
      const { status, answer } = await stack.call(name, { ...valid, [field]: value });
      expect({ field, value, status, answer }).toEqual({
        field,
        value,
        status: 400,
        answer: { success: false, error: message },
      });
    }
    // Header-like text on one line is just text: it stays in the body.
    const { status } = await stack.call(name, { ...valid, name: "Asha Bcc: evil@example.net To: evil@example.net" });
    expect(status).toBe(200);
    const mails = await stack.mails();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.destination.cc).toEqual([]);
      expect(mail.destination.bcc).toEqual([]);
      expect(mail.destination.to).toHaveLength(1);
      expect(mail.replyTo).toHaveLength(1);
      expect(JSON.stringify(mail)).not.toMatch(/evil@example\.net"\]/);
    }
    expect(vendorMail(mails).subject).toBe(EXPECTED_SUBJECT[name]);
  });

  test("answers 413 to a body over 32 KB, 415 to a body that is not JSON, 405 to other methods, 400 to broken JSON", async () => {
    const big = await stack.call(name, { ...valid, message: "x".repeat(33 * 1024) });
    expect(big.status).toBe(413);
    expect(big.answer.success).toBe(false);
    const form = await stack.call(name, undefined, {
      contentType: "application/x-www-form-urlencoded",
      raw: "name=Asha",
    });
    expect(form.status).toBe(415);
    expect(form.answer.success).toBe(false);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const wrong = await stack.call(name, valid, { method });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get("allow")).toBe("POST");
    }
    const broken = await stack.call(name, undefined, { raw: '{"name": "Asha",' });
    expect(broken).toMatchObject({ status: 400, answer: { success: false } });
    const list = await stack.call(name, [valid]);
    expect(list).toMatchObject({ status: 400, answer: { success: false } });
    expect(await stack.mails()).toEqual([]);
  });

  test("answers 200, mails nothing and keeps the lead as spam when the honeypot is filled or the form was sent within 2 seconds", async () => {
    const ids: string[] = [];
    for (const trapped of [
      { ...valid, website: "https://spam.example.net" },
      { ...valid, elapsedMs: 800 },
      { ...valid, elapsedMs: "5000" },
      Object.fromEntries(Object.entries(valid).filter(([key]) => key !== "elapsedMs")),
    ]) {
      const { status, answer } = await stack.call(name, trapped);
      expect(status).toBe(200);
      expect(answer).toEqual({ success: true, data: { id: expect.any(String) } });
      ids.push(answer.data?.id ?? "");
    }
    expect(await stack.mails()).toEqual([]);
    for (const id of ids) expect((await stack.lead(id))?.status).toBe("spam");
  });

  test("stores the lead and answers 200 when SES is unreachable, and mails it once when SES is back", async () => {
    await stack.stopSes();
    let id: string | undefined;
    try {
      const { status, answer } = await stack.call(name, valid);
      expect(status).toBe(200);
      id = answer.data?.id;
      expect(await stack.lead(String(id))).toMatchObject({ status: "failed", form: name, attempts: 1 });
    } finally {
      await stack.startSes();
    }
    expect(await stack.mails()).toEqual([]);
    await stack.retryNow();
    await stack.retryNow();
    const vendor = (await stack.mails()).filter((m) => m.destination.to.includes(RECIPIENT));
    expect(vendor).toHaveLength(1);
    expect(vendor[0]?.body.text).toContain(String(id));
    expect(await stack.lead(String(id))).toMatchObject({ status: "acknowledged", attempts: 2 });
  });
});

/** [function, field, value, SPEC message]: one broken field at a time, the rest valid. */
const VALIDATION: Array<[LeadFunction, string, string, string]> = [];
for (const name of LEAD_FUNCTIONS) {
  VALIDATION.push(
    [name, "name", "", "Name is required"],
    [name, "name", "   ", "Name is required"],
    [name, "name", "a".repeat(101), "Name must be less than 100 characters"],
    [name, "email", "asha.example.org", "Invalid email address"],
    [name, "email", `${"a".repeat(250)}@example.org`, "Invalid email address"],
    [name, "mobile", "98765 432", "Mobile number must be at least 10 digits"],
    [name, "mobile", "+91 98765 43210 9999", "Mobile number must be less than 15 digits"],
    [name, "mobile", "((((((((((", "Mobile number must be at least 10 digits"],
    [name, "mobile", "98765-abc-43210", "Invalid phone number format"],
    [name, "message", "a".repeat(2001), "Message must be less than 2000 characters"],
  );
}
VALIDATION.push(
  ["send-product-inquiry", "message", "Too short", "Message must be at least 10 characters"],
  ["send-product-inquiry", "product", "", "Product is required"],
  ["send-product-inquiry", "product", "astroway", "Invalid product"],
  ["send-product-inquiry", "company", "a".repeat(101), "Company must be less than 100 characters"],
  ["send-installation-email", "product", "", "Product is required"],
  ["send-installation-email", "product", "Astroway", "Invalid product"],
  ["send-installation-email", "package", "", "Package is required"],
  ["send-installation-email", "package", "gold", "Invalid package"],
  ["send-contact-email", "message", "Too short", "Message must be at least 10 characters"],
  ["send-contact-email", "subject", "", "Subject is required"],
  ["send-contact-email", "subject", "a".repeat(201), "Subject must be less than 200 characters"],
  ["send-contact-email", "product", "nope", "Invalid product"],
);
/** A value as a short test title: long runs of one letter are counted, not printed. */
const shown = (value: string) => (value.length > 40 ? `${value.length} characters` : JSON.stringify(value));

describe("validation", () => {
  test.each(VALIDATION.map(([name, field, value, message]) => [name, field, shown(value), message, value] as const))(
    "%s answers 400 for %s %s with the message '%s' and sends nothing",
    async (name, field, _shown, message, value) => {
      const { status, answer } = await stack.call(name, { ...VALID[name], [field]: value });
      expect(status).toBe(400);
      expect(answer).toEqual({ success: false, error: message });
      expect(await stack.mails()).toEqual([]);
    },
  );

  test("reports only the first failing field, in the order of the form", async () => {
    const { answer } = await stack.call("send-contact-email", { elapsedMs: 5_000 });
    expect(answer).toEqual({ success: false, error: "Name is required" });
  });
});

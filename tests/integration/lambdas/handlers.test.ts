import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { DELIVERY } from "../../../lambdas/shared/delivery.ts";
import { ATTEMPT_MS, createSesMailer, MailerError } from "../../../lambdas/shared/mailer.ts";
import type { SesFault } from "../../../server/fault-proxy.ts";
import { LEAD_FUNCTIONS, type LeadFunction, startLeadStack, type StoredMail, VALID } from "./harness.ts";

/**
 * The three lead functions as `npm start` runs them (real handlers, dynalite, the SES emulator behind a
 * fault-injecting proxy, the in-process retry queue feeding the real deliver-lead): what they mail, what they refuse,
 * and not one lead lost under poison input, SES outages and double submits. The functions keep `npm start`'s 10 s
 * timeout: with less, a loaded machine (the whole unit step runs beside this file) spent the direct mail's budget on
 * the store and left the lead to the queue, so a test that counts mails right after the answer saw one fewer. The
 * hanging-SES case moves a fake clock past the attempt's deadline instead of waiting it out.
 */
let stack: Awaited<ReturnType<typeof startLeadStack>>;
beforeAll(async () => {
  // Many leads from one address in this file: the daily acknowledgement limit has its own test (exactly-once.test.ts).
  // No pause for a send event: a hung SES sent nothing, and the retry may follow at once.
  stack = await startLeadStack({ env: { ACK_DAILY_LIMIT: "1000", SEND_EVENT_WAIT_SECONDS: "0" } });
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  stack.fault("pass");
  await stack.clearMails();
});
afterEach(() => {
  vi.useRealTimers();
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

  test("keeps markup typed into every free-text field, escaped in the HTML body and as typed in the text", async () => {
    const markup = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const lead = { ...valid, ...Object.fromEntries(FREE_TEXT[name].map((field) => [field, `${field} ${markup}`])) };
    const { status } = await stack.call(name, lead);
    expect(status).toBe(200);
    const vendor = vendorMail(await stack.mails());
    expect(vendor.body.html).not.toMatch(/<script|<img/i);
    for (const field of FREE_TEXT[name]) {
      expect(vendor.body.html).toContain(
        `${field} &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;`,
      );
      expect(vendor.body.text).toContain(`${field} ${markup}`);
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

const vendorMails = (mails: StoredMail[]) => mails.filter((mail) => mail.destination.to.includes(RECIPIENT));
/** A visitor of their own, so that no test meets another's daily acknowledgement limit. */
const visitor = () => `v-${randomUUID().slice(0, 8)}@example.org`;

describe.each(LEAD_FUNCTIONS)("%s", (name) => {
  test("answers a body with a lone surrogate 400, then mails the next valid lead intact", async () => {
    for (const field of ["name", "message", "email", "mobile"]) {
      const poison = await stack.call(name, undefined, {
        raw: JSON.stringify({ ...VALID[name], [field]: "Asha \ud800 Verma" }),
      });
      expect({ field, status: poison.status }).toEqual({ field, status: 400 });
      expect(poison.answer.success).toBe(false);
    }
    const lead = { ...VALID[name], email: visitor(), name: "Zoë Ångström-Ōtsuka 🌸" };
    const { status, answer } = await stack.call(name, lead);
    expect(status).toBe(200);
    const [vendor] = vendorMails(await stack.mails());
    expect(vendor?.body.text).toContain("Zoë Ångström-Ōtsuka 🌸");
    expect(vendor?.body.text).toContain(String(answer.data?.id));
    expect(await stack.lead(String(answer.data?.id))).toMatchObject({ status: "acknowledged" });
  });

  test("rejects a name, subject or message of format characters only, and a mobile of brackets", async () => {
    const cases: Array<[string, string]> = [
      ["name", "\u200b\u200c\u200d\u2060"],
      ["message", `${"\u200b".repeat(12)}\ufeff`],
      ["mobile", "(((((((((("],
    ];
    if (name === "send-contact-email") cases.push(["subject", "\u200e\u200f"]);
    for (const [field, value] of cases)
      expect((await stack.call(name, { ...VALID[name], [field]: value })).status, field).toBe(400);
    expect(await stack.mails()).toEqual([]);
  });
});

describe("when SES misbehaves", () => {
  test.each<SesFault>(["refuse", "throttle", "error", "hang"])(
    "SES %s: the visitor is answered within the function's timeout, the lead is stored as not mailed (unknown when SES never answered), and the retry mails it exactly once once SES is back",
    async (fault) => {
      // The mailer's attempt and the Lambda context's deadline on a fake clock, for SES that never answers.
      if (fault === "hang") vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
      stack.fault(fault);
      const lead = { ...VALID["send-contact-email"], email: visitor(), submissionId: randomUUID() };
      const answering = stack.call("send-contact-email", lead);
      if (fault === "hang") {
        // SES holds the request: the attempt gives up at its deadline (8 s), inside the function's 10 s.
        await stack.ses.whenHeld(1);
        await vi.advanceTimersByTimeAsync(ATTEMPT_MS);
      }
      const { status, answer } = await answering;
      expect([status, answer]).toEqual([200, { success: true, data: { id: lead.submissionId } }]);
      const stored = await stack.lead(lead.submissionId);
      expect(stored).toMatchObject({
        status: fault === "hang" ? "unknown" : "failed",
        form: "send-contact-email",
        attempts: 1,
        lead: { email: lead.email },
      });
      expect(stored?.lastError).toMatch(/\S/);

      stack.fault("pass");
      stack.ses.release();
      await stack.retryNow();
      await stack.retryNow();
      await stack.sweep();
      await stack.retryNow();
      const mails = await stack.mails();
      expect(vendorMails(mails)).toHaveLength(1);
      expect(vendorMails(mails)[0]?.body.text).toContain(lead.submissionId);
      expect(mails.filter((mail) => mail.destination.to.includes(lead.email))).toHaveLength(1);
      expect(await stack.lead(lead.submissionId)).toMatchObject({ status: "acknowledged", attempts: 2 });
    },
  );

  // A lead whose retries all fail (dead letters, replay): start-retry.test.ts, on the clock of npm start's queue.

  test("the sweep mails a lead a crashed handler stored but never queued", async () => {
    // The sweep's ages on a fake clock (Date only): the lead is stored now, and the clock moves.
    vi.useFakeTimers({ toFake: ["Date"] });
    const submissionId = randomUUID();
    const then = new Date().toISOString();
    const lead = { ...VALID["send-contact-email"], email: visitor() };
    const { website: _website, elapsedMs: _elapsed, ...fields } = lead;
    await stack.store.put({
      submissionId,
      form: "send-contact-email",
      status: "received",
      receivedAt: then,
      updatedAt: then,
      attempts: 0,
      lead: fields,
      expiresAt: 0,
    });
    // Untouched for less than 2 minutes, a handler may still be on it: left alone.
    vi.setSystemTime(Date.now() + DELIVERY.sweepAfterMs - 1_000);
    expect(await stack.sweep()).toEqual({ enqueued: 0 });
    vi.setSystemTime(Date.now() + 2_000);
    expect(await stack.sweep()).toEqual({ enqueued: 1 });
    await stack.retryNow();
    expect(vendorMails(await stack.mails())).toHaveLength(1);
    expect(await stack.lead(submissionId)).toMatchObject({ status: "acknowledged", attempts: 1 });
  });
});

describe("duplicates and abuse", () => {
  test("the same submission id sent twice, one after the other and at once, is one lead and one mail", async () => {
    const lead = { ...VALID["send-product-inquiry"], email: visitor(), submissionId: randomUUID() };
    const first = await stack.call("send-product-inquiry", lead);
    const second = await stack.call("send-product-inquiry", lead);
    expect(second).toMatchObject({ status: 200, answer: first.answer });
    const twin = { ...lead, submissionId: randomUUID() };
    const both = await Promise.all([
      stack.call("send-product-inquiry", twin),
      stack.call("send-product-inquiry", twin),
    ]);
    expect(both.map((call) => call.status)).toEqual([200, 200]);
    expect(vendorMails(await stack.mails())).toHaveLength(2);
    const ids = (await stack.leads()).map((stored) => stored.submissionId);
    expect(ids.filter((id) => id === lead.submissionId || id === twin.submissionId).sort()).toEqual(
      [lead.submissionId, twin.submissionId].sort(),
    );
  });
});

/**
 * The SES mailer alone on the stack's emulator and fault proxy: a real SDK client on a socket that hangs, and SES's own
 * 429 and 500 answers. The hanging socket's deadline runs on a fake clock moved once the proxy holds the request; the
 * 429s and 500s on the real one, so they live here rather than in the unit tests StrykerJS runs;
 * tests/unit/lambdas/shared/mailer.test.ts holds the same rules on a fake clock with a fake client.
 */
describe("createSesMailer against the SES emulator", () => {
  const mail = {
    from: "no-reply@example.com",
    to: RECIPIENT,
    replyTo: "asha@example.org",
    subject: "Lead",
    html: "<p>Hi</p>",
    text: "Hi",
  };
  beforeAll(() => {
    process.env.AWS_ACCESS_KEY_ID ??= "local";
    process.env.AWS_SECRET_ACCESS_KEY ??= "local";
  });

  test("should give up on a hanging SES at the caller's deadline, without a second try, and send the next mail normally", async () => {
    const mailer = createSesMailer({ region: "us-east-1", endpoint: stack.ses.url });
    stack.fault("hang");
    const hangs = stack.ses.counts.hang;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const sending = mailer.send(mail, { timeoutMs: 500 }).catch((caught: unknown) => caught);
    await stack.ses.whenHeld(1);
    await vi.advanceTimersByTimeAsync(500);
    const error = await sending;
    vi.useRealTimers();
    stack.ses.release();
    expect(error).toBeInstanceOf(MailerError);
    expect((error as MailerError).code).toBe("DeadlineExceeded");
    expect(stack.ses.counts.hang - hangs).toBe(1);
    stack.fault("pass");
    await mailer.send({ ...mail, subject: "After the hang" }, { timeoutMs: 3_000 });
    expect((await stack.mails()).at(-1)?.subject).toBe("After the hang");
  });

  test("should retry throttling and 500s within the call, three tries at most, and never a refusal", async () => {
    // The pauses between tries are the unit tests' (mailer.test.ts, on a fake clock); here only the tries count.
    const mailer = createSesMailer({ region: "us-east-1", endpoint: stack.ses.url, retryPauseMs: 0 });
    stack.fault("error");
    const errors = stack.ses.counts.error;
    const error = await mailer.send(mail, { timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect((error as MailerError).code).toBe("InternalFailure");
    expect(stack.ses.counts.error - errors).toBe(3);
    stack.fault("throttle");
    const throttled = await mailer.send(mail, { timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect((throttled as MailerError).code).toBe("TooManyRequestsException");
  });
});

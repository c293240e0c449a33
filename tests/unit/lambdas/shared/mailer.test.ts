import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  MessageRejected,
  type SendEmailCommand,
  type SendEmailCommandInput,
  SESv2Client,
  SESv2ServiceException,
  TooManyRequestsException,
} from "@aws-sdk/client-sesv2";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createSesMailer, formatAddress, MailerError, type OutgoingMail } from "../../../../lambdas/shared/mailer.ts";

/**
 * The SES mailer. Its rules (what a mail says to SES, which failures are tried again and when, the deadlines, a fresh
 * client after a broken one) run here against a fake SES client on a fake clock; the same rules against the SES
 * emulator on the real clock are in tests/integration/lambdas/handlers.test.ts.
 */

describe("formatAddress", () => {
  test("should quote a plain name and encode any other as an RFC 2047 word", () => {
    expect(formatAddress("Nexaworks Apps", "no-reply@example.com")).toBe('"Nexaworks Apps" <no-reply@example.com>');
    expect(formatAddress('Café "Apps"', "a@example.com")).toBe(
      `=?UTF-8?B?${Buffer.from('Café "Apps"').toString("base64")}?= <a@example.com>`,
    );
    expect(formatAddress("", "a@example.com")).toBe("a@example.com");
  });

  test("should encode a name with quotes, a backslash or a control character, even if it is ASCII", () => {
    const encoded = (name: string) => `=?UTF-8?B?${Buffer.from(name).toString("base64")}?= <a@example.com>`;
    for (const name of ['Say "hi"', "Back\\slash", "Tab\there", "Café Apps", "Apps Café"])
      expect(formatAddress(name, "a@example.com")).toBe(encoded(name));
  });
});

describe("MailerError", () => {
  const error = (cause: unknown) => new MailerError("x", { cause });
  const named = (name: string, fields: Record<string, unknown> = {}, message = "x") =>
    Object.assign(new Error(message), { name, ...fields });

  test("should be named for the log and keep its cause", () => {
    const cause = new Error("refused");
    expect(error(cause)).toMatchObject({ name: "MailerError", message: "x", cause });
  });

  test("should keep a loggable code from the cause: its code, its own cause's code, or its name", () => {
    expect(error(named("Error", { code: "ECONNREFUSED" })).code).toBe("ECONNREFUSED");
    expect(error(named("TimeoutError", { cause: named("Error", { code: "ETIMEDOUT" }) })).code).toBe("ETIMEDOUT");
    expect(error(named("MessageRejected")).code).toBe("MessageRejected");
    // An empty code, or an inner cause without one, says nothing: the name does.
    expect(error(named("TimeoutError", { code: "" })).code).toBe("TimeoutError");
    expect(error(named("TimeoutError", { cause: new Error("inner") })).code).toBe("TimeoutError");
    expect(error(named("TimeoutError", { cause: { code: "EPIPE" } })).code).toBe("TimeoutError");
    expect(error(named("TypeError", { code: 42 })).code).toBe("TypeError");
    expect(error("socket closed").code).toBe("string");
  });

  test("should tell a mail SES never saw (configuration) from one it refused and one it may have taken", () => {
    const cases: Array<[unknown, MailerError["failure"]]> = [
      [named("CredentialsProviderError"), "not-attempted"],
      [named("ConfigError"), "not-attempted"],
      [named("TokenProviderError"), "not-attempted"],
      [named("Error", {}, "Region is missing"), "not-attempted"],
      [named("Error", {}, "Could not load credentials from any providers"), "not-attempted"],
      [named("CredentialsProviderErrorX"), "refused"],
      [named("MessageRejected"), "refused"],
      // A dropped connection is named a TimeoutError by the SDK too: no answer was pending, the mail was not taken.
      [named("TimeoutError", { code: "ECONNRESET" }), "refused"],
      [named("TimeoutError", { code: "EPIPE" }), "refused"],
      [named("Error", { code: "ENOTFOUND" }), "refused"],
      [named("Error", { code: "ETIMEDOUT" }), "refused"],
      [named("TimeoutError"), "unclear"],
      [named("TimeoutError", { code: 504 }), "unclear"],
      [named("RequestTimeout"), "unclear"],
      [named("AbortError"), "unclear"],
      [named("Error", { code: "DeadlineExceeded" }), "unclear"],
      ["no answer", "refused"],
      [null, "refused"],
      [undefined, "refused"],
    ];
    for (const [cause, failure] of cases) expect([cause, error(cause).failure]).toEqual([cause, failure]);
  });
});

const MAIL: OutgoingMail = {
  from: '"Shop" <no-reply@example.com>',
  to: "hello@example.com",
  replyTo: "asha@example.org",
  subject: "Lead",
  html: "<p>Hi</p>",
  text: "Hi",
};

/** SES's answers as the SDK gives them. */
const answers = {
  throttled: () =>
    new TooManyRequestsException({ message: "Maximum sending rate exceeded.", $metadata: { httpStatusCode: 429 } }),
  failed: () =>
    new SESv2ServiceException({
      name: "InternalFailure",
      $fault: "server",
      $metadata: { httpStatusCode: 500 },
      message: "Internal failure.",
    }),
  rejected: () =>
    new MessageRejected({ message: "Email address is not verified.", $metadata: { httpStatusCode: 400 } }),
  /** Any other 429 (SES's quota errors). */
  limited: () =>
    new SESv2ServiceException({
      name: "LimitExceededException",
      $fault: "client",
      $metadata: { httpStatusCode: 429 },
      message: "Too many.",
    }),
  /** A client error SES answered whose name says throttling. */
  throttling: () =>
    new SESv2ServiceException({
      name: "Throttling",
      $fault: "client",
      $metadata: { httpStatusCode: 400 },
      message: "Rate exceeded.",
    }),
  dropped: () => Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
};

interface Call {
  client: SESv2Client;
  input: SendEmailCommandInput;
  signal: AbortSignal | undefined;
  at: number;
}
type Answer = Error | "hang" | { reject: unknown } | { MessageId?: string };

/**
 * A fake SES: each SendEmail gets the next of `script` (the last repeats): an error thrown, an answer, or "hang" (no
 * answer until the mailer aborts). The clock is fake (timers and performance.now), so deadlines and pauses are exact.
 */
function fakeSes(...script: Answer[]) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  // Not at zero: a deadline must be measured from now, not from the clock's start.
  vi.advanceTimersByTime(60_000);
  const calls: Call[] = [];
  const destroyed: SESv2Client[] = [];
  const proto = SESv2Client.prototype as unknown as {
    send(command: SendEmailCommand, options?: { abortSignal?: AbortSignal }): Promise<unknown>;
    destroy(): void;
  };
  vi.spyOn(proto, "send").mockImplementation(function (this: SESv2Client, command, options) {
    calls.push({ client: this, input: command.input, signal: options?.abortSignal, at: performance.now() });
    const answer = script[Math.min(calls.length, script.length) - 1] ?? {};
    if (answer === "hang")
      return new Promise((_, reject) => {
        // As the SDK does: the abort reaches the request a turn later.
        options?.abortSignal?.addEventListener("abort", () =>
          setImmediate(() => reject(Object.assign(new Error("aborted"), { name: "AbortError" }))),
        );
      });
    if ("reject" in answer) return Promise.reject(answer.reject);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
  vi.spyOn(proto, "destroy").mockImplementation(function (this: SESv2Client) {
    destroyed.push(this);
  });
  return { calls, destroyed };
}

/** Runs a send to its end on the fake clock; the error it throws, or its result. */
async function settle<T>(sending: Promise<T>): Promise<T | MailerError> {
  const outcome = sending.catch((error: unknown) => error as MailerError);
  await vi.runAllTimersAsync();
  return outcome;
}

describe("createSesMailer", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  const mailer = () => createSesMailer({ region: "us-east-1" });

  test("should hand SES the mail as simple content in UTF-8, and give back its message id", async () => {
    const { calls } = fakeSes({ MessageId: "m-1" });
    expect(await mailer().send(MAIL, { timeoutMs: 3_000 })).toEqual({ messageId: "m-1" });
    expect(calls[0]?.input).toEqual({
      FromEmailAddress: '"Shop" <no-reply@example.com>',
      Destination: { ToAddresses: ["hello@example.com"] },
      ReplyToAddresses: ["asha@example.org"],
      Content: {
        Simple: {
          Subject: { Data: "Lead", Charset: "UTF-8" },
          Body: { Html: { Data: "<p>Hi</p>", Charset: "UTF-8" }, Text: { Data: "Hi", Charset: "UTF-8" } },
          Headers: undefined,
        },
      },
      EmailTags: undefined,
      ConfigurationSetName: undefined,
    } satisfies SendEmailCommandInput);
  });

  test("should leave no attempt timer behind once SES answered", async () => {
    fakeSes({ MessageId: "m-1" });
    await mailer().send(MAIL, { timeoutMs: 3_000 });
    expect(vi.getTimerCount()).toBe(0);
  });

  test("should never hand SES a lone surrogate, in any field", async () => {
    const { calls } = fakeSes({});
    const broken = "\ud800";
    await mailer().send(
      {
        from: `a${broken}@example.com`,
        to: `b${broken}@example.com`,
        replyTo: `c${broken}@example.com`,
        subject: `S${broken}`,
        html: `H${broken}`,
        text: `T${broken}`,
      },
      { timeoutMs: 3_000 },
    );
    expect(JSON.stringify(calls[0]?.input)).not.toMatch(/\\ud800/i);
    expect(calls[0]?.input).toMatchObject({
      FromEmailAddress: "a\ufffd@example.com",
      Destination: { ToAddresses: ["b\ufffd@example.com"] },
      ReplyToAddresses: ["c\ufffd@example.com"],
      Content: {
        Simple: { Subject: { Data: "S\ufffd" }, Body: { Html: { Data: "H\ufffd" }, Text: { Data: "T\ufffd" } } },
      },
    });
  });

  test("should try throttling and 5xx again within the call, three tries at most, pausing 100 then 200 ms", async () => {
    const { calls, destroyed } = fakeSes(answers.failed());
    const error = await settle(mailer().send(MAIL, { timeoutMs: 5_000 }));
    expect(error).toBeInstanceOf(MailerError);
    expect(error).toMatchObject({ code: "InternalFailure", failure: "refused" });
    expect(calls.map((call) => call.at - (calls[0]?.at ?? 0))).toEqual([0, 100, 300]);
    // SES answered: the client is healthy and kept.
    expect(new Set(calls.map((call) => call.client)).size).toBe(1);
    expect(destroyed).toEqual([]);
    for (const answer of [answers.throttled(), answers.limited(), answers.throttling()]) {
      vi.restoreAllMocks();
      const again = fakeSes(answer, { MessageId: "m-2" });
      expect(await settle(mailer().send(MAIL, { timeoutMs: 5_000 }))).toEqual({ messageId: "m-2" });
      expect(again.calls).toHaveLength(2);
    }
  });

  test("should pause as configured before a retry, doubling the pause each time", async () => {
    const { calls } = fakeSes(answers.failed());
    await settle(createSesMailer({ region: "us-east-1", retryPauseMs: 40 }).send(MAIL, { timeoutMs: 5_000 }));
    expect(calls.map((call) => call.at - (calls[0]?.at ?? 0))).toEqual([0, 40, 120]);
  });

  test("should keep the client SES answered with throttling, for the retry and the next mail", async () => {
    const { calls, destroyed } = fakeSes(answers.throttled(), {}, {});
    const send = mailer();
    await settle(send.send(MAIL, { timeoutMs: 5_000 }));
    await send.send(MAIL, { timeoutMs: 5_000 });
    expect(new Set(calls.map((call) => call.client)).size).toBe(1);
    expect(destroyed).toEqual([]);
  });

  test("should never try again what SES refused, nor whatever else the client throws, giving the caller a MailerError", async () => {
    const invalid = new SESv2ServiceException({
      name: "InvalidParameterValue",
      $fault: "client",
      $metadata: { httpStatusCode: 400 },
      message: "Missing final '@domain'",
    });
    const thrown: Array<[unknown, string]> = [
      [answers.rejected(), "MessageRejected"],
      [invalid, "InvalidParameterValue"],
      ...[undefined, null, "socket closed", 42].map((value): [unknown, string] => [value, typeof value]),
    ];
    for (const [refusal, code] of thrown) {
      vi.restoreAllMocks();
      const { calls } = fakeSes({ reject: refusal }, {});
      const error = await settle(mailer().send(MAIL, { timeoutMs: 5_000 }));
      expect(error).toBeInstanceOf(MailerError);
      expect(error).toMatchObject({ code, failure: "refused" });
      expect(calls).toHaveLength(1);
    }
  });

  test("should not try again without time for the pause and a useful attempt (750 ms) after it", async () => {
    const first = fakeSes(answers.failed());
    await settle(mailer().send(MAIL, { timeoutMs: 849 }));
    expect(first.calls).toHaveLength(1);
    vi.restoreAllMocks();
    const second = fakeSes(answers.failed());
    await settle(mailer().send(MAIL, { timeoutMs: 850 }));
    expect(second.calls).toHaveLength(2);
  });

  test("should not even ask SES with no time left", async () => {
    const { calls } = fakeSes({});
    expect(await settle(mailer().send(MAIL, { timeoutMs: 0 }))).toMatchObject({
      code: "DeadlineExceeded",
      failure: "unclear",
    });
    expect(calls).toEqual([]);
  });

  test("should give up on a SES that does not answer at the caller's deadline, without a second try", async () => {
    const { calls } = fakeSes("hang", {});
    const sending = mailer().send(MAIL, { timeoutMs: 500 });
    let done = false;
    void sending.catch(() => undefined).finally(() => (done = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    const error = await settle(sending);
    expect(error).toMatchObject({ code: "DeadlineExceeded", failure: "unclear" });
    expect(error).toHaveProperty("cause.message", "SES did not answer within 500 ms");
    expect(calls).toHaveLength(1);
    // The request it gave up on is cancelled, so its socket does not hang on.
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  test("should give one attempt at most 8 s, however long the caller waits", async () => {
    const { calls } = fakeSes("hang");
    const sending = mailer().send(MAIL, { timeoutMs: 20_000 });
    let done = false;
    void sending.catch(() => undefined).finally(() => (done = true));
    await vi.advanceTimersByTimeAsync(7_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(true);
    expect(await settle(sending)).toMatchObject({ code: "DeadlineExceeded" });
    expect(calls).toHaveLength(1);
  });

  test("should send the next mail on a new client after one that did not answer, and close the old one later", async () => {
    const { calls, destroyed } = fakeSes("hang", { MessageId: "m-2" });
    const send = mailer();
    await settle(send.send(MAIL, { timeoutMs: 500 }));
    // The old client is closed once the sends that may still use it had their time (twice an attempt's).
    expect(destroyed).toEqual([calls[0]?.client]);
    expect(await send.send(MAIL, { timeoutMs: 500 })).toEqual({ messageId: "m-2" });
    expect(calls[1]?.client).not.toBe(calls[0]?.client);
  });

  test("should wait for the sends still using an old client before closing it", async () => {
    const { calls, destroyed } = fakeSes("hang");
    const sending = mailer()
      .send(MAIL, { timeoutMs: 500 })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(15_999);
    expect(destroyed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(destroyed).toEqual([calls[0]?.client]);
    expect(await sending).toBeInstanceOf(MailerError);
  });

  test("should try a dropped connection again on a new client", async () => {
    const { calls } = fakeSes(answers.dropped(), { MessageId: "m-2" });
    expect(await settle(mailer().send(MAIL, { timeoutMs: 5_000 }))).toEqual({ messageId: "m-2" });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.client).not.toBe(calls[0]?.client);
  });

  test("should not try again a bug inside the SDK, a timeout, or a missing configuration, but use a new client", async () => {
    const failures: Array<[Error, string]> = [
      [new URIError("URI malformed"), "refused"],
      [new TypeError("x is not a function"), "refused"],
      [Object.assign(new Error("timed out"), { name: "TimeoutError" }), "unclear"],
      [Object.assign(new Error("no"), { name: "CredentialsProviderError" }), "not-attempted"],
      [Object.assign(new Error("aborted"), { name: "AbortError" }), "unclear"],
    ];
    for (const [cause, failure] of failures) {
      vi.restoreAllMocks();
      const { calls } = fakeSes(cause, {});
      const send = mailer();
      expect(await settle(send.send(MAIL, { timeoutMs: 5_000 }))).toMatchObject({ failure });
      expect(calls).toHaveLength(1);
      await send.send(MAIL, { timeoutMs: 5_000 });
      expect(calls[1]?.client).not.toBe(calls[0]?.client);
    }
  });

  test("should replace a broken client once, however many sends it broke at once", async () => {
    const { calls, destroyed } = fakeSes(answers.dropped(), answers.dropped(), {});
    const send = mailer();
    // Two sends on the same client; each fails, the first one's failure replaces it.
    await Promise.all([settle(send.send(MAIL, { timeoutMs: 600 })), settle(send.send(MAIL, { timeoutMs: 600 }))]);
    expect(calls[1]?.client).toBe(calls[0]?.client);
    await vi.runAllTimersAsync();
    expect(destroyed).toEqual([calls[0]?.client]);
  });
});

describe("createSesMailer on the wire", () => {
  test("should name the configuration set on every mail when one is configured, and send the mail's headers and tags", async () => {
    const requests: string[] = [];
    const capture = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on("end", () => {
        requests.push(body);
        res.writeHead(200, { "content-type": "application/json" }).end('{"MessageId":"m1"}');
      });
    });
    await new Promise<void>((resolve) => capture.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
    const credentials = { accessKeyId: "local", secretAccessKey: "local" };
    const marked = { ...MAIL, headers: [{ name: "X-Lead-Id", value: "l-1" }], tags: { "lead-mail": "vendor" } };
    expect(
      await createSesMailer({ region: "us-east-1", endpoint, configurationSet: "site-leads", credentials }).send(
        marked,
        {
          timeoutMs: 3_000,
        },
      ),
    ).toEqual({ messageId: "m1" });
    await createSesMailer({ region: "us-east-1", endpoint, credentials }).send(MAIL, { timeoutMs: 3_000 });
    capture.close();
    const [first, second] = requests.map(
      (body) => JSON.parse(body) as Record<string, unknown> & { Content: { Simple: { Headers?: unknown } } },
    );
    expect(first?.ConfigurationSetName).toBe("site-leads");
    expect(first?.Content.Simple.Headers).toEqual([{ Name: "X-Lead-Id", Value: "l-1" }]);
    expect(first?.EmailTags).toEqual([{ Name: "lead-mail", Value: "vendor" }]);
    expect(second && "ConfigurationSetName" in second).toBe(false);
  });
});

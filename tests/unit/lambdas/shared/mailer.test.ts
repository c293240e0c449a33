import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sesEmulator from "aws-ses-v2-local";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSesMailer, formatAddress, MailerError } from "../../../../lambdas/shared/mailer.ts";
import { type SesFaultProxy, startSesFaultProxy } from "../../../../server/ses-fault-proxy.ts";

describe("formatAddress", () => {
  test("should quote a plain name and encode any other as an RFC 2047 word", () => {
    expect(formatAddress("Nexaworks Apps", "no-reply@example.com")).toBe('"Nexaworks Apps" <no-reply@example.com>');
    expect(formatAddress('Café "Apps"', "a@example.com")).toBe(
      `=?UTF-8?B?${Buffer.from('Café "Apps"').toString("base64")}?= <a@example.com>`,
    );
    expect(formatAddress("", "a@example.com")).toBe("a@example.com");
  });
});

describe("MailerError", () => {
  test("should keep a loggable code from the cause: its code, its own cause's code, or its name", () => {
    expect(new MailerError("x", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }).code).toBe(
      "ECONNREFUSED",
    );
    expect(
      new MailerError("x", {
        cause: Object.assign(new Error("t"), { cause: Object.assign(new Error("r"), { code: "ETIMEDOUT" }) }),
      }).code,
    ).toBe("ETIMEDOUT");
    const rejected = new Error("Email address is not verified: hello@example.com");
    rejected.name = "MessageRejected";
    expect(new MailerError("x", { cause: rejected }).code).toBe("MessageRejected");
  });
});

describe("createSesMailer", () => {
  type StartEmulator = (config: { host: string; port: number }) => Promise<Server>;
  const startEmulator: StartEmulator =
    (sesEmulator as unknown as { default?: StartEmulator }).default ?? (sesEmulator as unknown as StartEmulator);
  let ses: Server;
  let proxy: SesFaultProxy;
  const mail = {
    from: "no-reply@example.com",
    to: "hello@example.com",
    replyTo: "asha@example.org",
    subject: "Lead",
    html: "<p>Hi</p>",
    text: "Hi",
  };
  const stored = async () =>
    (
      (await (await fetch(`http://127.0.0.1:${(ses.address() as AddressInfo).port}/store`)).json()) as {
        emails: Array<{ subject: string }>;
      }
    ).emails;
  const counted = () => ({ ...proxy.counts });
  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID ??= "local";
    process.env.AWS_SECRET_ACCESS_KEY ??= "local";
    ses = await startEmulator({ host: "127.0.0.1", port: 0 });
    proxy = await startSesFaultProxy({ target: `http://127.0.0.1:${(ses.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await proxy?.close();
    ses?.closeAllConnections();
    ses?.close();
  });

  test("should give up on a hanging SES at the caller's deadline, without a second try, and send the next mail normally", async () => {
    const mailer = createSesMailer({ region: "us-east-1", endpoint: proxy.url });
    proxy.set("hang");
    const before = counted();
    const error = await mailer.send(mail, { timeoutMs: 500 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailerError);
    expect((error as MailerError).code).toBe("DeadlineExceeded");
    expect(proxy.counts.hang - before.hang).toBe(1);
    proxy.set("pass");
    await mailer.send({ ...mail, subject: "After the hang" }, { timeoutMs: 3_000 });
    expect((await stored()).at(-1)?.subject).toBe("After the hang");
  });

  test("should retry throttling and 500s within the call, three tries at most, and never a refusal", async () => {
    const mailer = createSesMailer({ region: "us-east-1", endpoint: proxy.url });
    proxy.set("error");
    const before = counted();
    const error = await mailer.send(mail, { timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect((error as MailerError).code).toBe("InternalFailure");
    expect(proxy.counts.error - before.error).toBe(3);
    proxy.set("throttle");
    const throttled = await mailer.send(mail, { timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect((throttled as MailerError).code).toBe("TooManyRequestsException");
    proxy.set("pass");
  });

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
    const marked = { ...mail, headers: [{ name: "X-Lead-Id", value: "l-1" }], tags: { "lead-mail": "vendor" } };
    await createSesMailer({ region: "us-east-1", endpoint, configurationSet: "site-leads" }).send(marked, {
      timeoutMs: 3_000,
    });
    await createSesMailer({ region: "us-east-1", endpoint }).send(mail, { timeoutMs: 3_000 });
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

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import sesEmulator from "aws-ses-v2-local";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { createSesMailer, MailerError } from "../../../lambdas/shared/mailer.ts";
import { type SesFaultProxy, startSesFaultProxy } from "../../../server/fault-proxy.ts";

/**
 * The SES mailer against the local SES emulator behind the fault proxy: a real SDK client on a socket that hangs, and
 * SES's own 429 and 500 answers. The hanging socket's deadline runs on a fake clock moved once the proxy holds the
 * request; the 429s and 500s on the real one (the mailer's real pauses between tries, 0.3 s a send), so they live here
 * rather than in the unit tests StrykerJS runs; tests/unit/lambdas/shared/mailer.test.ts holds the same rules on a fake
 * clock with a fake client.
 */
describe("createSesMailer against the SES emulator", () => {
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
  afterEach(() => {
    vi.useRealTimers();
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
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const sending = mailer.send(mail, { timeoutMs: 500 }).catch((caught: unknown) => caught);
    await proxy.whenHeld(1);
    await vi.advanceTimersByTimeAsync(500);
    const error = await sending;
    vi.useRealTimers();
    proxy.release();
    expect(error).toBeInstanceOf(MailerError);
    expect((error as MailerError).code).toBe("DeadlineExceeded");
    expect(proxy.counts.hang - before.hang).toBe(1);
    proxy.set("pass");
    await mailer.send({ ...mail, subject: "After the hang" }, { timeoutMs: 3_000 });
    expect((await stored()).at(-1)?.subject).toBe("After the hang");
  });

  test("should retry throttling and 500s within the call, three tries at most, and never a refusal", async () => {
    // The pauses between tries are the unit tests' (mailer.test.ts, on a fake clock); here only the tries count.
    const mailer = createSesMailer({ region: "us-east-1", endpoint: proxy.url, retryPauseMs: 0 });
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
});

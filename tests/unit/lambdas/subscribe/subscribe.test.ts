import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, test } from "vitest";
import {
  newTokenRequest,
  signConfirmToken,
  signUnsubscribeToken,
} from "../../../../lambdas/shared/newsletter-tokens.ts";
import type { SubscriberStore } from "../../../../lambdas/shared/subscriber-store.ts";
import { createNewsletterHandler, NOT_FROM_ORIGIN } from "../../../../lambdas/subscribe/subscribe.ts";
import { ORIGIN_VERIFY_HEADER } from "../../../../src/lib/newsletter.ts";
import { fakeMailer, memoryLogger, memoryQueue, memoryStore, testConfig } from "../fakes.ts";

const SECRET = "s".repeat(64);
const REQUEST = newTokenRequest(new Date());
const confirmToken = (email: string) => signConfirmToken(SECRET, email, REQUEST);
const unsubscribeToken = (email: string) => signUnsubscribeToken(SECRET, email, REQUEST);
const VERIFY = "V3r1fy".repeat(11);

/** A subscriber store that records what it was asked; every address is new. */
function recordingSubscribers(): SubscriberStore & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async request(email) {
      calls.push(`request ${email}`);
      return "mail";
    },
    async confirm(key) {
      calls.push(`confirm ${key}`);
      return "confirmed";
    },
    async unsubscribe(key) {
      calls.push(`unsubscribe ${key}`);
      return "unsubscribed";
    },
    get: async () => undefined,
    erase: async () => undefined,
    async *list() {},
  };
}

function setup(originVerify: string | undefined) {
  const deps = {
    config: testConfig(),
    log: memoryLogger(),
    store: memoryStore(),
    queue: memoryQueue(),
    mailer: fakeMailer(),
    subscribers: recordingSubscribers(),
  };
  return { ...deps, handler: createNewsletterHandler(SECRET, "https://www.example.com", { ...deps, originVerify }) };
}

function event(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; token?: string } = {},
): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: `/api/${path}`,
    rawQueryString: init.token ? `token=${init.token}` : "",
    queryStringParameters: init.token ? { token: init.token } : undefined,
    headers: { "content-type": "application/json", ...init.headers },
    requestContext: { http: { method: init.method ?? "POST", sourceIp: "198.51.100.1" }, requestId: "req-1" },
    body: init.body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

const subscription = JSON.stringify({ email: "reader@example.org", website: "", elapsedMs: 5_000 });

describe("createNewsletterHandler with an origin-verify value", () => {
  test("should answer 403 with a short JSON message to a direct call of any path, and touch nothing", async () => {
    const { handler, mailer, store, subscribers, log } = setup(VERIFY);
    const confirm = confirmToken("reader@example.org");
    const unsubscribe = unsubscribeToken("reader@example.org");
    for (const request of [
      event("subscribe", { body: subscription }),
      event("subscribe", { body: subscription, headers: { [ORIGIN_VERIFY_HEADER]: "guess" } }),
      // A forged viewer address is no way in: the rate limit never sees a request that lacks the header.
      event("subscribe", {
        body: subscription,
        headers: { "cloudfront-viewer-address": "203.0.113.7:443", "x-amz-cf-id": "forged" },
      }),
      event("subscribe", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=reader%40example.org&website=",
      }),
      event("confirm-subscription", { method: "GET", token: confirm }),
      event("unsubscribe", { method: "POST", token: unsubscribe, body: "List-Unsubscribe=One-Click" }),
      event("unsubscribe", { method: "GET", token: unsubscribe }),
    ]) {
      const answer = await handler(request);
      expect(answer).toEqual({
        statusCode: 403,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
        body: JSON.stringify({ success: false, error: NOT_FROM_ORIGIN }),
      });
    }
    expect([mailer.sent, [...store.records.keys()], subscribers.calls]).toEqual([[], [], []]);
    expect(log.lines.map((line) => [line.level, line.outcome, line.status])).toEqual(
      Array(7).fill(["warn", "not-from-origin", 403]),
    );
    expect(JSON.stringify(log.lines)).not.toContain(VERIFY);
  });

  test("should serve a request that carries the header, as CloudFront sends it", async () => {
    const { handler, mailer, subscribers } = setup(VERIFY);
    const answer = await handler(event("subscribe", { body: subscription, headers: { "X-Origin-Verify": VERIFY } }));
    expect(answer.statusCode).toBe(200);
    expect(mailer.sent.map((mail) => mail.to)).toEqual(["reader@example.org"]);
    // Marked as a lead's mail, so SES's send event settles a send that timed out; one-click unsubscribe beside it.
    const { id } = JSON.parse(answer.body).data as { id: string };
    expect(mailer.sent[0]?.headers?.map((header) => header.name)).toEqual([
      "X-Lead-Id",
      "References",
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
    ]);
    expect(mailer.sent[0]?.tags).toMatchObject({ "lead-mail": "vendor" });
    expect(mailer.sent[0]?.headers?.[0]?.value).toBe(id);
    const confirmed = await handler(
      event("confirm-subscription", {
        method: "POST",
        headers: { [ORIGIN_VERIFY_HEADER]: VERIFY, "content-type": "application/x-www-form-urlencoded" },
        body: `token=${confirmToken("reader@example.org")}`,
      }),
    );
    expect([confirmed.statusCode, confirmed.headers?.location]).toEqual([303, "/newsletter/confirmed?new"]);
    expect(subscribers.calls).toHaveLength(2);
  });
});

describe("createNewsletterHandler without an origin-verify value (npm start, tests)", () => {
  test("should serve requests that carry no header", async () => {
    const { handler, mailer } = setup(undefined);
    expect((await handler(event("subscribe", { body: subscription }))).statusCode).toBe(200);
    expect(mailer.sent).toHaveLength(1);
  });
});

describe("a mailed link", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const confirm = confirmToken("reader@example.org");
  const unsubscribe = unsubscribeToken("reader@example.org");

  test("should only show the page with the button when opened, as a mail scanner opens every link", async () => {
    const { handler, subscribers } = setup(undefined);
    for (const method of ["GET", "HEAD"]) {
      const opened = await handler(event("confirm-subscription", { method, token: confirm }));
      expect([opened.statusCode, opened.headers?.location]).toEqual([303, `/newsletter/confirm?token=${confirm}`]);
      const leave = await handler(event("unsubscribe", { method, token: unsubscribe }));
      expect([leave.statusCode, leave.headers?.location]).toEqual([
        303,
        `/newsletter/unsubscribe?token=${unsubscribe}`,
      ]);
    }
    expect(subscribers.calls).toEqual([]);
  });

  test("should send an opened link with a bad token straight to the page that says it does not work", async () => {
    const { handler } = setup(undefined);
    for (const answer of [
      await handler(event("confirm-subscription", { method: "GET", token: unsubscribe })),
      await handler(event("unsubscribe", { method: "GET", token: `${unsubscribe}x` })),
      await handler(event("unsubscribe", { method: "GET" })),
    ])
      expect([answer.statusCode, answer.headers?.location]).toEqual([303, "/newsletter/invalid-link"]);
  });

  test("should act on the page's button press and land on the outcome page", async () => {
    const { handler, subscribers } = setup(undefined);
    const pressed = await handler(
      event("confirm-subscription", { method: "POST", headers: form, body: `token=${confirm}` }),
    );
    expect(pressed.headers?.location).toBe("/newsletter/confirmed?new");
    const left = await handler(event("unsubscribe", { method: "POST", headers: form, body: `token=${unsubscribe}` }));
    expect([left.statusCode, left.headers?.location]).toEqual([303, "/newsletter/unsubscribed"]);
    const forged = await handler(event("unsubscribe", { method: "POST", headers: form, body: `token=${confirm}` }));
    expect(forged.headers?.location).toBe("/newsletter/invalid-link");
    expect(subscribers.calls).toEqual([expect.stringMatching(/^confirm /), expect.stringMatching(/^unsubscribe /)]);
  });

  test("should count only the press that confirmed as a new sign-up, not a second press", async () => {
    const { handler, subscribers } = setup(undefined);
    subscribers.confirm = async () => "already-confirmed";
    const again = await handler(
      event("confirm-subscription", { method: "POST", headers: form, body: `token=${confirm}` }),
    );
    expect(again.headers?.location).toBe("/newsletter/confirmed");
  });

  test("should answer a mail app's one-click unsubscribe (RFC 8058, urlencoded or multipart) with 200, not a page", async () => {
    const { handler, subscribers } = setup(undefined);
    const urlencoded = await handler(
      event("unsubscribe", { method: "POST", token: unsubscribe, headers: form, body: "List-Unsubscribe=One-Click" }),
    );
    const boundary = "----mailapp";
    const multipart = await handler(
      event("unsubscribe", {
        method: "POST",
        token: unsubscribe,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      }),
    );
    expect([urlencoded.statusCode, multipart.statusCode]).toEqual([200, 200]);
    expect(subscribers.calls).toHaveLength(2);
  });

  test("should refuse other methods with 405 and say which it takes", async () => {
    const { handler } = setup(undefined);
    const put = await handler(event("confirm-subscription", { method: "PUT", token: confirm }));
    expect([put.statusCode, put.headers?.allow]).toEqual([405, "GET, POST"]);
  });
});

describe("newsletter confirmations to one mailbox", () => {
  test("should mail one mailbox at most ACK_DAILY_LIMIT confirmations a day, however its address is spelt", async () => {
    const { handler, mailer, log } = setup(undefined);
    const spellings = ["reader+1@gmail.com", "Reader+2@gmail.com", "re.ader@gmail.com", "reader+4@gmail.com"];
    for (const email of spellings) {
      const answer = await handler(
        event("subscribe", { body: JSON.stringify({ email, website: "", elapsedMs: 5_000 }) }),
      );
      // The same answer every time: whoever asked learns nothing about the cap.
      expect(answer.statusCode).toBe(200);
    }
    expect(mailer.sent.map((mail) => mail.to)).toEqual(spellings.slice(0, testConfig().ackDailyLimit));
    expect(log.lines.map((line) => line.outcome)).toContain("mailbox-capped");
  });
});

describe("newsletter confirmations from one client", () => {
  test("should mail at most ACK_CLIENT_HOURLY_LIMIT confirmations an hour to requests from one /64, as acknowledgements are", async () => {
    const { handler, mailer, log } = setup(undefined);
    for (let i = 1; i <= 20; i++) {
      const answer = await handler(
        event("subscribe", {
          body: JSON.stringify({ email: `reader${i}@example.org`, website: "", elapsedMs: 5_000 }),
          headers: { "cloudfront-viewer-address": `2001:db8:1:2::${i}:443` },
        }),
      );
      expect(answer.statusCode).toBe(200);
    }
    expect(mailer.sent).toHaveLength(testConfig().ackClientHourlyLimit);
    expect(log.lines.filter((line) => line.outcome === "client-capped")).toHaveLength(
      20 - testConfig().ackClientHourlyLimit,
    );
  });
});

import type { APIGatewayProxyEventV2 } from "aws-lambda";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readConfig } from "../../../lambdas/shared/env.ts";
import { createLogger } from "../../../lambdas/shared/log.ts";
import type { OutgoingMail } from "../../../lambdas/shared/mailer.ts";
import { newTokenRequest, signConfirmToken, signUnsubscribeToken } from "../../../lambdas/shared/newsletter-tokens.ts";
import { createDynamoSubscriberStore } from "../../../lambdas/shared/subscriber-store.ts";
import { createNewsletterHandler } from "../../../lambdas/subscribe/subscribe.ts";
import { localLambdaEnv } from "../../../server/lambda-env.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo } from "../../../server/local-dynamo.ts";
import { memoryQueue, memoryStore } from "../../unit/lambdas/fakes.ts";
import { startLocalTable } from "../../unit/lambdas/local-table.ts";

/**
 * The newsletter function fuzzed as the lead functions are (fuzz.test.ts): random and malformed requests to its
 * three paths, with every method, media type and token, through the production handler with the subscriber store on
 * an in-memory dynalite, the lead store in memory and the mailer a fake. No request crashes it or gets an answer outside its contract, nothing is confirmed or
 * unsubscribed without a valid token, and a valid subscription still works afterwards.
 */
const RUNS = 5_000;
const SECRET = "f".repeat(64);
const REQUEST = newTokenRequest(new Date());
const config = readConfig({
  ...(await localLambdaEnv({
    sesEndpoint: "http://127.0.0.1:9",
    dynamoEndpoint: "http://127.0.0.1:9",
    recipient: "hello@example.com",
  })),
  LOG_LEVEL: "silent",
});

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "",
    "a@example.org\r\nBcc: evil@example.net",
    "<script>alert(1)</script>",
    "\ud800",
    "x".repeat(300),
    "reader@example.org",
    " READER@example.org ",
  ),
);
const token = fc.oneof(
  nasty,
  fc.constant(signConfirmToken(SECRET, "reader@example.org", REQUEST)),
  fc.constant(signUnsubscribeToken(SECRET, "reader@example.org", REQUEST)),
  fc.constant(
    signConfirmToken(
      "another secret of sixty-four characters, no use here at all......",
      "reader@example.org",
      REQUEST,
    ),
  ),
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }),
      fc.string({
        unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
        minLength: 43,
        maxLength: 43,
      }),
    )
    .map(([key, mac]) => `${key}.${mac}`),
);
const body = fc.oneof(
  fc
    .record({
      email: nasty,
      website: fc.oneof(fc.constant(""), nasty),
      elapsedMs: fc.oneof(fc.constant(5_000), fc.integer(), nasty),
    })
    .map((fields) => JSON.stringify(fields)),
  fc
    .dictionary(fc.string({ maxLength: 10 }), nasty, { maxKeys: 4 })
    .map((fields) => new URLSearchParams(fields).toString()),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ unit: "binary" }),
  fc.constantFrom(undefined, "", "List-Unsubscribe=One-Click", `email=${"a".repeat(40_000)}%40example.org`),
);
const request = fc.record({
  path: fc.constantFrom(
    "/api/subscribe",
    "/api/confirm-subscription",
    "/api/unsubscribe",
    "/api/subscribe/",
    "/api/other",
    "",
  ),
  method: fc.oneof(
    { weight: 6, arbitrary: fc.constant("POST") },
    { weight: 4, arbitrary: fc.constant("GET") },
    { weight: 1, arbitrary: fc.constantFrom("HEAD", "PUT", "OPTIONS", "post", "") },
  ),
  contentType: fc.constantFrom(
    "application/json",
    "application/json",
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=UTF-8",
    "text/plain",
    "",
    undefined,
  ),
  token: fc.option(token, { nil: undefined }),
  body,
});

function event(init: {
  path: string;
  method: string;
  contentType: string | undefined;
  token: string | undefined;
  body: string | undefined;
}): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: init.path,
    rawQueryString: init.token === undefined ? "" : `token=${encodeURIComponent(init.token.toWellFormed())}`,
    queryStringParameters: init.token === undefined ? undefined : { token: init.token },
    headers: init.contentType === undefined ? {} : { "content-type": init.contentType },
    requestContext: {
      http: { method: init.method, path: init.path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "fuzz" },
      requestId: "fuzz",
    },
    body: init.body,
    isBase64Encoded: false,
  } as APIGatewayProxyEventV2;
}

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalTable();
});
afterAll(() => dynamo?.close());

describe("the newsletter function under fuzzing", () => {
  test(`answers ${RUNS} random requests to its three paths within its contract, and a valid subscription works after`, async () => {
    const subscribers = createDynamoSubscriberStore({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE });
    const sent: OutgoingMail[] = [];
    const handler = createNewsletterHandler(SECRET, "https://www.example.com", {
      config,
      log: createLogger("fuzz", "silent"),
      store: memoryStore(),
      queue: memoryQueue(),
      subscribers,
      mailer: {
        async send(mail) {
          sent.push(mail);
          return { messageId: "fake" };
        },
      },
    });
    const counts: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(request, async (init) => {
        const answer = await handler(event(init));
        counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
        expect([200, 303, 400, 405, 413, 415]).toContain(answer.statusCode);
        // A page, with the checked token of an opened link or the flag of a press that confirmed, and nothing else.
        if (answer.statusCode === 303)
          expect(answer.headers?.location).toMatch(
            /^\/newsletter\/[a-z-]+(\?new|\?token=[0-9a-f]{64}(\.[\w-]{22}(\.\d+)?)?\.[\w-]{43})?$/,
          );
        for (const mail of sent.splice(0)) {
          // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach a header.
          expect(`${mail.to}${mail.subject}`).not.toMatch(/[\u0000-\u001f]/);
          expect(mail.headers?.find((header) => header.name === "List-Unsubscribe-Post")?.value).toBe(
            "List-Unsubscribe=One-Click",
          );
        }
      }),
      { numRuns: RUNS },
    );
    for (const status of [200, 303, 400, 405]) expect(counts[status] ?? 0, `answers ${status}`).toBeGreaterThan(0);
    // Only the one address the valid tokens name can have been confirmed or unsubscribed.
    for await (const record of subscribers.list())
      if (record.status !== "pending") expect(record.email.trim().toLowerCase()).toBe("reader@example.org");

    const after = await handler(
      event({
        path: "/api/subscribe",
        method: "POST",
        contentType: "application/json",
        token: undefined,
        body: JSON.stringify({ email: "after@example.org", website: "", elapsedMs: 5_000 }),
      }),
    );
    expect(after.statusCode).toBe(200);
    expect(sent.map((mail) => mail.to)).toEqual(["after@example.org"]);
    console.info(`[fuzz] newsletter: ${RUNS} requests, answers ${JSON.stringify(counts)}`);
  });
});

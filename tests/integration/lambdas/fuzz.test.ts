import type { APIGatewayProxyEventV2 } from "aws-lambda";
import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import type * as z from "zod/mini";
import { contactMessageForm } from "../../../lambdas/send-contact-email/contact-message.ts";
import { installationRequestForm } from "../../../lambdas/send-installation-email/installation-request.ts";
import { productInquiryForm } from "../../../lambdas/send-product-inquiry/product-inquiry.ts";
import { readConfig } from "../../../lambdas/shared/env.ts";
import { storeAndMailLeads, type LeadForm } from "../../../lambdas/shared/lead-handler.ts";
import { createLogger } from "../../../lambdas/shared/log.ts";
import { MailerError, type OutgoingMail } from "../../../lambdas/shared/mailer.ts";
import type { LeadQueue } from "../../../lambdas/shared/lead-queue.ts";
import type { LeadStore } from "../../../lambdas/shared/lead-store.ts";
import { localLambdaEnv } from "../../../server/lambda-env.ts";
import { memoryQueue, memoryStore } from "../../unit/lambdas/fakes.ts";
import { VALID } from "./harness.ts";

/**
 * At least 10,000 random and malformed requests per handler, through the production handler with only the SES
 * client replaced: the answer is always 200, 400, 405, 413 or 415 (202 or 503 only when the store fails too), always JSON in the
 * `{success, data?, error?}` shape, and every mail that leaves is addressed to one recipient with no header
 * smuggled in and no visitor markup in its HTML.
 */
const RUNS = 10_000;
const config = readConfig({
  ...(await localLambdaEnv({
    sesEndpoint: "http://127.0.0.1:9",
    dynamoEndpoint: "http://127.0.0.1:9",
    recipient: "hello@example.com",
  })),
  LOG_LEVEL: "silent",
  ACK_DAILY_LIMIT: "1000000",
});
const log = createLogger("fuzz", "silent");
type Deps = Pick<Parameters<typeof storeAndMailLeads>[1], "config" | "log" | "mailer">;
/** A function as its handler.ts wires it, with the mailer left open. */
function wire<S extends z.ZodMiniType>(form: LeadForm<S>) {
  return {
    name: form.name,
    mailFailure: form.mailFailure,
    handler: (deps: Deps, store: LeadStore = memoryStore(), queue: LeadQueue = memoryQueue()) =>
      storeAndMailLeads(form, { ...deps, store, queue }),
  };
}
const FORMS = [
  wire(productInquiryForm(config.catalogue)),
  wire(installationRequestForm(config.catalogue)),
  wire(contactMessageForm(config.catalogue)),
];

/** The only tags our templates write; anything else in an HTML body came from a visitor. */
const OUR_TAGS = new Set([
  "!doctype",
  "html",
  "head",
  "meta",
  "title",
  "body",
  "h1",
  "h2",
  "table",
  "tr",
  "th",
  "td",
  "a",
  "p",
  "br",
]);
// biome-ignore lint/suspicious/noControlCharactersInRegex: a header value must not contain control characters.
const CONTROL = /[\u0000-\u001f\u007f]/;

function checkMail(mail: OutgoingMail): void {
  for (const header of [mail.from, mail.to, mail.replyTo, mail.subject]) expect(header).not.toMatch(CONTROL);
  expect(mail.to).not.toMatch(/[,;\s<>]/);
  expect(mail.replyTo).not.toMatch(/[,;\s<>]/);
  for (const [, tag] of mail.html.matchAll(/<\/?([!a-z0-9-]+)/gi))
    expect(OUR_TAGS.has(String(tag).toLowerCase()), `tag <${tag}>`).toBe(true);
}

const event = (init: {
  method: string;
  contentType: string | undefined;
  body: string | undefined;
  base64: boolean;
}): APIGatewayProxyEventV2 =>
  ({
    version: "2.0",
    routeKey: "$default",
    rawPath: "/",
    rawQueryString: "",
    headers: init.contentType === undefined ? {} : { "content-type": init.contentType },
    requestContext: {
      http: { method: init.method, path: "/", protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "fuzz" },
      requestId: "fuzz",
    },
    body: init.base64 && init.body !== undefined ? Buffer.from(init.body).toString("base64") : init.body,
    isBase64Encoded: init.base64,
  }) as APIGatewayProxyEventV2;

/** Strings that probe the edges: control characters, markup, header syntax, unicode, very long runs. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "",
    " ",
    "\r\nBcc: evil@example.net",
    "a@example.org\r\nBcc: evil@example.net",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "\u0000",
    "\u2028\u2029",
    "=?UTF-8?B?PHNjcmlwdD4=?=",
    "Astroway",
    "astroway",
    "Legalway",
    "android",
    "+91 98765 43210",
    "asha@example.org",
    "x".repeat(2001),
    "__proto__",
    // Lone surrogates: valid JSON, no text; they once broke the SES client for the next lead.
    "\ud800",
    "Asha \udfff Verma",
    "\udc00\ud800",
    // Format characters alone (zero-width space, joiners, direction marks, BOM, soft hyphen).
    "\u200b\u200c\u200d",
    "\u202e\u2066\u2069\ufeff\u00ad",
    "\u200b".repeat(20),
    // C0 and C1 controls, DEL.
    "\u0007\u0008\u001b[31m",
    "\u0085\u009b\u007f",
  ),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), maxLength: 4 }),
  fc.string({
    unit: fc.constantFrom("\u200b", "\u200e", "\u2060", "\ufeff", "\u00ad", "\u0000", "\u001f", "\u0085", " "),
    minLength: 1,
    maxLength: 30,
  }),
  fc.string({ minLength: 90, maxLength: 300 }),
);
/**
 * Objects that lie about being text, as JSON can send them: a `length` of any kind, methods replaced by null, keys
 * that name the prototype. They once reached the length checks and made zod throw (a 500).
 */
const hostileJson = fc.oneof(
  fc.record({ length: fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.string(), fc.constant({})) }),
  fc.constantFrom(
    { toString: null },
    { toString: null, valueOf: null, length: 3 },
    { trim: null, length: 1e9 },
    JSON.parse('{"__proto__": {"length": 5, "toString": null}}') as unknown,
    { constructor: { prototype: { length: 5 } } },
    { isWellFormed: null, charCodeAt: null, length: 2 },
    [["a"]],
  ),
);
const anyValue = fc.oneof(
  nastyString,
  hostileJson,
  fc.anything(),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string()),
);

function fieldsOf(valid: Record<string, unknown>) {
  // Each field: usually valid, often nasty, sometimes missing; the trap fields mostly pass; plus stray keys.
  const field = (key: string, value: unknown) => {
    const trap = key === "website" || key === "elapsedMs";
    const changed = trap
      ? fc.oneof(fc.integer(), fc.string(), fc.constant(null))
      : fc.oneof({ weight: 2, arbitrary: nastyString }, { weight: 1, arbitrary: anyValue });
    return fc.option(
      fc.oneof({ weight: trap ? 12 : 3, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: changed }),
      { nil: undefined, freq: 12 },
    );
  };
  const shape = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, field(key, value)]));
  return fc
    .tuple(fc.record(shape), fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 3 }))
    .map(([fields, extra]) =>
      JSON.stringify({ ...extra, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) }),
    );
}

/** A valid lead with one field replaced by a nasty string: most of these are mailed, so the mail checks bite. */
function nearlyValid(valid: Record<string, unknown>) {
  const keys = Object.keys(valid).filter((key) => key !== "website" && key !== "elapsedMs");
  return fc
    .tuple(fc.constantFrom(...keys), nastyString, fc.string({ unit: "grapheme", maxLength: 60 }))
    .map(([key, nasty, unicode]) =>
      JSON.stringify({
        ...valid,
        [key]: key === "message" ? `${unicode} ${nasty} long enough` : `${nasty}${unicode}`.slice(0, 99),
      }),
    );
}

function requests(valid: Record<string, unknown>) {
  const body = fc.oneof(
    { weight: 6, arbitrary: fieldsOf(valid) },
    { weight: 4, arbitrary: nearlyValid(valid) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.string({ unit: "binary" }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("", "{", "null", "[]", '{"name":', "\u0000", `{"message":"${"y".repeat(40_000)}"}`),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant("POST") },
      { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "OPTIONS", "HEAD", "post", "") },
    ),
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant("application/json") },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "application/json; charset=utf-8",
          "Application/JSON",
          "text/plain",
          "multipart/form-data",
          "",
          "json",
        ),
      },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    body,
    base64: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  });
}

describe.each(FORMS.map((form) => [form.name, form] as const))("%s under fuzzing", (name, form) => {
  const valid = VALID[name as keyof typeof VALID];

  test(`answers ${RUNS} random and malformed requests with 200, 400, 405, 413 or 415 and sends only safe mail`, async () => {
    const sent: OutgoingMail[] = [];
    const handler = form.handler({
      config,
      log,
      mailer: {
        async send(mail) {
          expect(
            mail.html.isWellFormed() && mail.text.isWellFormed() && mail.subject.isWellFormed(),
            "well-formed mail",
          ).toBe(true);
          sent.push(mail);
          return { messageId: "fake" };
        },
      },
    });
    const counts: Record<number, number> = {};
    let leads = 0;
    await fc.assert(
      fc.asyncProperty(requests(valid), async (request) => {
        const answer = await handler(event(request));
        counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
        expect([200, 400, 405, 413, 415]).toContain(answer.statusCode);
        const json = JSON.parse(answer.body) as { success: boolean; data?: { id: string }; error?: string };
        if (answer.statusCode === 200) expect(json).toEqual({ success: true, data: { id: expect.any(String) } });
        else expect(json).toEqual({ success: false, error: expect.stringMatching(/\S/) });
        for (const mail of sent.splice(0)) {
          checkMail(mail);
          if (mail.to === config.recipientEmail) leads += 1;
        }
      }),
      { numRuns: RUNS },
    );
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(RUNS);
    // The mix reaches every kind of answer, and a fair share of leads get through to the mailer.
    for (const status of [200, 400, 405, 413, 415]) expect(counts[status] ?? 0, `answers ${status}`).toBeGreaterThan(0);
    expect(leads).toBeGreaterThan(RUNS / 50);
    console.info(`[fuzz] ${name}: ${total} requests, answers ${JSON.stringify(counts)}, ${leads} leads mailed`);
  });

  test("keeps every valid lead and never answers 5xx when SES refuses every mail", async () => {
    const store = memoryStore();
    const queue = memoryQueue();
    const handler = form.handler(
      {
        config,
        log,
        mailer: {
          async send() {
            throw new MailerError("refused", {
              cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
            });
          },
        },
      },
      store,
      queue,
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(requests(valid), async (request) => {
        const answer = await handler(event(request));
        expect([200, 400, 405, 413, 415]).toContain(answer.statusCode);
        if (answer.statusCode === 200) accepted += 1;
      }),
      { numRuns: 2_000 },
    );
    // Every stored lead is failed and queued for a retry, or kept in the spam folder unqueued; none was dropped.
    const failed = [...store.records.values()].filter((record) => record.status !== "spam");
    expect(failed.every((record) => record.status === "failed" && record.lastError === "ECONNREFUSED")).toBe(true);
    expect(queue.messages.map((m) => m.submissionId).sort()).toEqual(failed.map((r) => r.submissionId).sort());
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThanOrEqual(accepted);
  });
});

describe("hostile objects in text fields", () => {
  /** Objects JSON cannot make but a caller of the schema can: getters that throw, proxies, null prototypes. */
  const throwing = () => {
    throw new Error("hostile getter");
  };
  const HOSTILE: Array<[string, () => unknown]> = [
    ["a throwing length getter", () => Object.defineProperty({}, "length", { get: throwing })],
    [
      "a proxy that throws on every read",
      () => new Proxy({}, { get: throwing, has: throwing, getPrototypeOf: throwing }),
    ],
    ["toString: null", () => ({ toString: null })],
    ["a null-prototype object with length", () => Object.assign(Object.create(null), { length: 7 })],
    ["a prototype key", () => JSON.parse('{"__proto__": {"length": 3}}')],
    ["a function", () => () => "text"],
  ];

  test.each(FORMS.map((form) => [form.name, form] as const))(
    "%s answers 400 with the field's own message for each, never 500",
    async (name, form) => {
      const valid = VALID[name as keyof typeof VALID];
      const handler = form.handler({ config, log, mailer: { send: async () => ({ messageId: "fake" }) } });
      const schemaOf = {
        "send-product-inquiry": productInquiryForm,
        "send-installation-email": installationRequestForm,
        "send-contact-email": contactMessageForm,
      }[name];
      const schema = schemaOf?.(config.catalogue).schema;
      const statuses: number[] = [];
      for (const field of Object.keys(valid).filter((key) => key !== "website" && key !== "elapsedMs")) {
        for (const [label, make] of HOSTILE) {
          // Straight into the shared schema (the browser's and the handler's), then as JSON through the handler.
          const parsed = schema?.safeParse({ ...valid, [field]: make() });
          expect({ field, label, success: parsed?.success, message: parsed?.error?.issues[0]?.message }).toMatchObject({
            field,
            label,
            success: false,
            message: expect.stringMatching(/\S/),
          });
          let body: string | undefined;
          try {
            body = JSON.stringify({ ...valid, [field]: make() });
          } catch {
            continue; // a proxy that throws cannot be sent as JSON
          }
          statuses.push(
            (await handler(event({ method: "POST", contentType: "application/json", body, base64: false }))).statusCode,
          );
        }
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
    },
  );
});

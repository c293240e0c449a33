import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, test } from "vitest";
import {
  clientAddress,
  clientNetwork,
  errorAnswer,
  failure,
  HttpError,
  MAX_BODY_BYTES,
  readJsonBody,
  success,
} from "../../../../lambdas/shared/http.ts";

const event = (init: { method?: string; type?: string; body?: string; base64?: boolean } = {}) =>
  ({
    headers: { "Content-Type": init.type ?? "application/json" },
    requestContext: { http: { method: init.method ?? "POST" } },
    body: init.body,
    isBase64Encoded: init.base64 ?? false,
  }) as unknown as APIGatewayProxyEventV2;

/** What a refused request is answered and logged as: status, outcome and message. */
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return [error.status, error.outcome, error.message, error.name];
    throw error;
  }
  return "none";
};

const statusOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof HttpError ? error.status : "other";
  }
  return "none";
};

describe("readJsonBody", () => {
  test("should parse a JSON object, in plain or base64 form, with any charset parameter", () => {
    expect(readJsonBody(event({ body: '{"a":1}' }))).toEqual({ a: 1 });
    expect(readJsonBody(event({ body: Buffer.from('{"a":"é"}').toString("base64"), base64: true }))).toEqual({
      a: "é",
    });
    expect(readJsonBody(event({ body: "{}", type: "application/json; charset=UTF-8" }))).toEqual({});
  });

  test("should refuse other methods (405), types (415), big bodies (413) and non-objects (400), saying what was wrong under its own outcome", () => {
    expect([
      refusal(() => readJsonBody(event({ method: "GET" }))),
      refusal(() => readJsonBody(event({ type: "text/plain", body: "{}" }))),
      refusal(() => readJsonBody(event({ body: `"${"x".repeat(MAX_BODY_BYTES)}"` }))),
      refusal(() => readJsonBody(event({ body: "{" }))),
      refusal(() => readJsonBody(event({ body: "[]" }))),
    ]).toEqual([
      [405, "wrong-method", "Method not allowed: send the form with POST", "HttpError"],
      [415, "wrong-type", "Unsupported content type: send the form as application/json", "HttpError"],
      [413, "too-large", "Request too large", "HttpError"],
      [400, "bad-json", "Invalid request: expected a JSON object", "HttpError"],
      [400, "bad-json", "Invalid request: expected a JSON object", "HttpError"],
    ]);
    for (const body of [undefined, "", "null", "7"]) expect(statusOf(() => readJsonBody(event({ body })))).toBe(400);
  });

  test("should take a body of exactly MAX_BODY_BYTES, plain or base64, and refuse one byte more", () => {
    const exact = `"${"x".repeat(MAX_BODY_BYTES - 2)}"`;
    expect(statusOf(() => readJsonBody(event({ body: exact })))).toBe(400);
    expect(statusOf(() => readJsonBody(event({ body: Buffer.from(exact).toString("base64"), base64: true })))).toBe(
      400,
    );
    expect(statusOf(() => readJsonBody(event({ body: `${exact} ` })))).toBe(413);
  });

  test("should refuse a request without a method or a content type, whatever the header's case", () => {
    const bare = { body: "{}", isBase64Encoded: false } as unknown as APIGatewayProxyEventV2;
    expect(statusOf(() => readJsonBody(bare))).toBe(405);
    expect(statusOf(() => readJsonBody({ ...bare, requestContext: { http: { method: "POST" } } } as never))).toBe(415);
    const lower = { ...bare, headers: { "content-type": " Application/JSON ;charset=utf-8" } };
    expect(readJsonBody({ ...lower, requestContext: { http: { method: "POST" } } } as never)).toEqual({});
  });

  test("should count the size in bytes, not characters", () => {
    const emoji = "😀".repeat(MAX_BODY_BYTES / 4);
    expect(statusOf(() => readJsonBody(event({ body: JSON.stringify({ message: emoji }) })))).toBe(413);
  });
});

describe("errorAnswer", () => {
  test("should answer a refused request with its status, and 405 with Allow: POST", () => {
    const { answer } = errorAnswer(new HttpError(405, "Method not allowed", "wrong-method"));
    expect(answer.statusCode).toBe(405);
    expect(answer.headers).toMatchObject({ allow: "POST" });
    const tooLarge = errorAnswer(new HttpError(413, "Request too large", "too-large"));
    expect(tooLarge).toEqual({ answer: failure(413, "Request too large"), outcome: "too-large" });
    expect(tooLarge.answer.headers).not.toHaveProperty("allow");
  });

  test("should answer our own bugs with a generic 500 that shows nothing of the error", () => {
    const { answer } = errorAnswer(new TypeError("cannot read x of undefined at /var/task/index.mjs:1"));
    expect(answer.statusCode).toBe(500);
    expect(answer.body).toBe('{"success":false,"error":"Internal error"}');
  });
});

describe("success and failure", () => {
  test("should write the {success, data?, error?} shape as uncached JSON", () => {
    expect(JSON.parse(success("id-1").body)).toEqual({ success: true, data: { id: "id-1" } });
    expect(failure(400, "Name is required")).toMatchObject({
      statusCode: 400,
      headers: { "cache-control": "no-store" },
    });
  });
});

describe("clientNetwork", () => {
  test("should count an IPv4 address as itself, written plainly or IPv4-mapped", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("should count every IPv6 address of one /64 network as one client, however it is written", () => {
    const network = "2001:db8:85a3:42::/64";
    expect(clientNetwork("2001:db8:85a3:42::1")).toBe(network);
    expect(clientNetwork("2001:0DB8:85a3:0042:ffff:1:2:3")).toBe(network);
    expect(clientNetwork("2001:db8:85a3:42:a::")).toBe(network);
    expect(clientNetwork("2001:db8:85a3:43::1")).not.toBe(network);
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("fe80::1:2:3:4:5")).toBe("fe80:0:0:1::/64");
  });
});

describe("clientAddress", () => {
  const from = (headers: Record<string, string>, sourceIp?: string) =>
    ({ headers, requestContext: { http: { method: "POST", sourceIp } } }) as unknown as APIGatewayProxyEventV2;

  test("should take CloudFront's viewer address without its port, IPv4 or IPv6", () => {
    expect(clientAddress(from({ "CloudFront-Viewer-Address": "203.0.113.7:46532" }, "10.0.0.1"))).toBe("203.0.113.7");
    expect(clientAddress(from({ "cloudfront-viewer-address": "2001:db8:85a3:42::9:443" }))).toBe(
      "2001:db8:85a3:42::/64",
    );
  });

  test("should count no client behind CloudFront without the viewer's address, and the source otherwise", () => {
    expect(clientAddress(from({ "x-amz-cf-id": "edge-1" }, "10.0.0.1"))).toBeUndefined();
    expect(clientAddress(from({}, "198.51.100.4"))).toBe("198.51.100.4");
    expect(clientAddress(from({}))).toBeUndefined();
    expect(clientAddress({ headers: {} } as unknown as APIGatewayProxyEventV2)).toBeUndefined();
  });
});

import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/**
 * The HTTP edge of the handlers: what a request must look like, and the one place errors become answers.
 * Answers are always JSON `{success, data?, error?}`. The API never answers 403 or 404 to a request CloudFront sent,
 * because CloudFront turns those into the site's 404 page (the subscribe function's 403 goes only to direct calls of
 * its URL: lambdas/shared/origin-verify.ts); and never with a stack trace.
 */

/** Largest body a lead may have: the longest valid lead is about 10 KB of UTF-8. */
export const MAX_BODY_BYTES = 32 * 1024;

export type LeadAnswer = APIGatewayProxyStructuredResultV2 & { statusCode: number; body: string };

/** A request the handler refuses before looking at its fields. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: 400 | 405 | 413 | 415,
    message: string,
    readonly outcome: string,
  ) {
    super(message);
  }
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function success(id: string): LeadAnswer {
  return { statusCode: 200, headers: JSON_HEADERS, body: JSON.stringify({ success: true, data: { id } }) };
}

/**
 * The lead is not stored yet but held on the retry queue, which stores and mails it: as good as stored for the
 * visitor (the form shows its success), 202 for anyone reading the status.
 */
export function accepted(id: string): LeadAnswer {
  return { ...success(id), statusCode: 202 };
}

export function failure(statusCode: number, error: string, headers: Record<string, string> = {}): LeadAnswer {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify({ success: false, error }) };
}

/**
 * The request's body as text, whether the function URL passed it as is or base64-encoded.
 * @throws HttpError 413 over MAX_BODY_BYTES.
 */
export function readBody(event: APIGatewayProxyEventV2): string {
  const raw = event.body ?? "";
  const bytes = event.isBase64Encoded ? Buffer.from(raw, "base64") : Buffer.from(raw, "utf8");
  if (bytes.length > MAX_BODY_BYTES) throw new HttpError(413, "Request too large", "too-large");
  return bytes.toString("utf8");
}

/**
 * Checks method, media type and size, then parses the JSON body.
 * @returns the parsed JSON object.
 * @throws HttpError 405 (not POST), 415 (not application/json), 413 (over MAX_BODY_BYTES) or 400 (not a JSON object).
 */
export function readJsonBody(event: APIGatewayProxyEventV2): Record<string, unknown> {
  const method = event.requestContext?.http?.method ?? "";
  if (method !== "POST") throw new HttpError(405, "Method not allowed: send the form with POST", "wrong-method");
  const headers = event.headers ?? {};
  const type = Object.entries(headers).find(([key]) => key.toLowerCase() === "content-type")?.[1] ?? "";
  if (type.split(";")[0]?.trim().toLowerCase() !== "application/json") {
    throw new HttpError(415, "Unsupported content type: send the form as application/json", "wrong-type");
  }
  const body = readBody(event);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new HttpError(400, "Invalid request: expected a JSON object", "bad-json");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "Invalid request: expected a JSON object", "bad-json");
  }
  return value as Record<string, unknown>;
}

/**
 * The client a request came from, as the per-client limits count it: CloudFront's viewer address when the request
 * passed through it (the function URL's own source is then CloudFront's), else the connection's source. An IPv6
 * address counts as its /64 network, which one subscriber line or host holds whole: otherwise every address of it
 * would be a client of its own. Undefined when neither is known.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string | undefined {
  const header = (name: string) => Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  const viewer = header("cloudfront-viewer-address");
  // "203.0.113.7:46532", or an IPv6 address followed by ":port" in the same way.
  if (viewer) return clientNetwork(viewer.replace(/:\d+$/, ""));
  // Behind CloudFront without that header the source is an edge server shared by many visitors: no client to count.
  if (header("x-amz-cf-id")) return undefined;
  const source = event.requestContext?.http?.sourceIp;
  return source ? clientNetwork(source) : undefined;
}

/** An IPv4 address as it is (also when written IPv4-mapped, ::ffff:203.0.113.7); an IPv6 address as its /64. */
export function clientNetwork(address: string): string {
  if (!address.includes(":")) return address;
  if (address.includes(".")) return address.slice(address.lastIndexOf(":") + 1);
  const [head = "", tail] = address.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Maps anything thrown while handling a lead to its answer and the outcome to log. A mail that fails never ends up
 * here: a stored lead is answered as stored, one the store could not take is held on the queue (lead-handler.ts).
 */
export function errorAnswer(error: unknown): { answer: LeadAnswer; outcome: string; code?: string } {
  if (error instanceof HttpError) {
    return {
      answer: failure(error.status, error.message, error.status === 405 ? { allow: "POST" } : {}),
      outcome: error.outcome,
    };
  }
  return {
    answer: failure(500, "Internal error"),
    outcome: "error",
    code: error instanceof Error ? error.name : typeof error,
  };
}

import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/** What the adapter passes as Lambda's context: the request id and the clock of the function's timeout. */
interface LocalContext {
  awsRequestId: string;
  getRemainingTimeInMillis(): number;
}
export type LambdaHandler = (event: APIGatewayProxyEventV2, context: LocalContext) => Promise<APIGatewayProxyResultV2>;

/** The lead functions' timeout in AWS (the contract with infra/); the local context counts down from it. */
export const LOCAL_FUNCTION_TIMEOUT_MS = 10_000;

/** More than any handler accepts: the handler itself answers 413 above its own limit. */
const MAX_FORWARDED_BODY = 1024 * 1024;

/**
 * Calls a Lambda handler the way a Lambda function URL would: the request becomes a payload-2.0 event, the result
 * becomes the response. Lets `npm start` run the exact handler code that production runs.
 */
export async function invokeLambda(
  handler: LambdaHandler,
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  timeoutMs = LOCAL_FUNCTION_TIMEOUT_MS,
) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORWARDED_BODY) {
      res
        .writeHead(413, { "content-type": "application/json" })
        .end(JSON.stringify({ success: false, error: "Request too large" }));
      return;
    }
    chunks.push(chunk as Buffer);
  }
  const url = new URL(req.url ?? "/", "http://localhost");
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers))
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(",") : value;
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey: "$default",
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    requestContext: {
      accountId: "anonymous",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "local",
      http: {
        method: req.method ?? "GET",
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: "$default",
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined,
    isBase64Encoded: false,
  };
  const ends = performance.now() + timeoutMs;
  const context: LocalContext = {
    awsRequestId: event.requestContext.requestId,
    getRemainingTimeInMillis: () => Math.max(0, Math.floor(ends - performance.now())),
  };
  try {
    const result = await handler(event, context);
    const structured: APIGatewayProxyStructuredResultV2 =
      typeof result === "string"
        ? { statusCode: 200, body: result, headers: { "content-type": "application/json" } }
        : result;
    const outHeaders: Record<string, string> = {};
    for (const [key, value] of Object.entries(structured.headers ?? {})) outHeaders[key.toLowerCase()] = String(value);
    res.writeHead(structured.statusCode ?? 200, outHeaders);
    res.end(
      structured.isBase64Encoded && structured.body ? Buffer.from(structured.body, "base64") : (structured.body ?? ""),
    );
  } catch (error) {
    // Lambda would answer 502 for an unhandled error; say so in one line, never a stack trace to the browser.
    console.error(`[api ${name}] handler threw`, error);
    res
      .writeHead(502, { "content-type": "application/json" })
      .end(JSON.stringify({ success: false, error: "Internal Server Error" }));
  }
}

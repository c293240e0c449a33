import vm from "node:vm";
import { transformSync } from "esbuild";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { MAX_FUNCTION_BYTES, NOT_FOUND_PREFIX, STATUS_METADATA, viewerRequestSource, viewerResponseSource } from "../../infra/lib/cloudfront-function.ts";
import { resolveRequest } from "../../src/lib/routing.ts";
import { ROUTING_CASES, ROUTING_TABLE } from "../fixtures/routing-cases.ts";
import { FIXTURE_FILES } from "./fixtures.ts";

interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}
interface CfResponse {
  statusCode: number;
  headers: Record<string, { value: string }>;
}

/** Loads function code the way CloudFront does: a bare script defining handler, no module system, no Node globals. */
function load<E, R>(source: string): (event: E) => R {
  return vm.runInNewContext(`${source}\n;handler`, Object.create(null)) as (event: E) => R;
}
const viewerRequest = load<{ request: CfRequest }, CfRequest>(viewerRequestSource(ROUTING_TABLE));
const viewerResponse = load<{ request: CfRequest; response: CfResponse }, CfResponse>(viewerResponseSource());
const request = (uri: string): CfRequest => ({ method: "GET", uri, querystring: {}, headers: {}, cookies: {} });

/**
 * The bucket as the deployment leaves it (infra/lib/constructs/static-site.ts): every file of the build, plus the
 * not-found views again under NOT_FOUND_PREFIX carrying the status metadata.
 */
const bucket = new Map<string, Record<string, string>>(Object.keys(FIXTURE_FILES).map((key) => [`/${key}`, {}]));
for (const view of ["/404.html", ...Object.values(ROUTING_TABLE.notFound)]) {
  bucket.set(`${NOT_FOUND_PREFIX}${view}`, { [`x-amz-meta-${STATUS_METADATA}`]: "404" });
}

/** One request through the distribution's default behaviour: function, S3, error responses, function. */
function cloudFront(uri: string): { file: string; status: number } {
  const routed = viewerRequest({ request: request(uri) });
  let key: string;
  try {
    key = decodeURIComponent(routed.uri); // S3 decodes the path into the key
  } catch {
    key = routed.uri;
  }
  const metadata = bucket.get(key);
  // A missing key is S3's 403; the distribution's error responses answer /404.html with status 404.
  if (!metadata) return { file: "/404.html", status: 404 };
  const headers = Object.fromEntries(Object.entries(metadata).map(([name, value]) => [name, { value }]));
  const response = viewerResponse({ request: routed, response: { statusCode: 200, headers } });
  expect(Object.keys(response.headers)).not.toContain(`x-amz-meta-${STATUS_METADATA}`);
  return { file: key.startsWith(`${NOT_FOUND_PREFIX}/`) ? key.slice(NOT_FOUND_PREFIX.length) : key, status: response.statusCode };
}

describe("CloudFront routing functions", () => {
  test.each(ROUTING_CASES)("%s is answered by %s with status %i, as on the local server", (path, file, status) => {
    expect(cloudFront(path)).toEqual({ file, status });
  });

  test("rewrites every path exactly as resolveRequest() resolves it", () => {
    const segment = fc.constantFrom(
      "", "about", "products", "esim", "unknown", "blog", "first-post", "_404.html", "_routes.json", "..", ".",
      "islands-ABC123.js", "x.SVG", "index.html", "%E0%A4%A", "%2F", "%61bout", "%00", "a%20b.png", "assets", "404.html",
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.boolean(), (segments, trailingSlash) => {
        const path = `/${segments.join("/")}${trailingSlash ? "/" : ""}`;
        const expected = resolveRequest(path, ROUTING_TABLE);
        const uri = viewerRequest({ request: request(path) }).uri;
        if (expected.status === 404) expect(uri).toBe(`${NOT_FOUND_PREFIX}${expected.file}`);
        else if (uri === path) expect(decodeURIComponent(uri)).toBe(expected.file);
        else expect(uri).toBe(expected.file);
      }),
      { numRuns: 2000 },
    );
  });

  test("leaves a 304 to a conditional request alone", () => {
    const response = viewerResponse({
      request: request(`${NOT_FOUND_PREFIX}/404.html`),
      response: { statusCode: 304, headers: { [`x-amz-meta-${STATUS_METADATA}`]: { value: "404" } } },
    });
    expect(response.statusCode).toBe(304);
  });

  test("keeps the query string, so /products?search=… reaches the products page", () => {
    const routed = viewerRequest({ request: { ...request("/products"), querystring: { search: { value: "crm" } } } });
    expect(routed).toMatchObject({ uri: "/products/index.html", querystring: { search: { value: "crm" } } });
  });

  test("is plain ES 5.1 that the cloudfront-js-2.0 runtime accepts", () => {
    for (const source of [viewerRequestSource(ROUTING_TABLE), viewerResponseSource()]) {
      expect(() => transformSync(source, { loader: "js", target: "es5" })).not.toThrow();
      expect(source).not.toMatch(/\b(import|require|export)\b/);
    }
  });

  test("refuses a route table too large for CloudFront's 10 KB limit", () => {
    const pages = Array.from({ length: 400 }, (_, i) => `/products/a-rather-long-product-name-${i}`);
    expect(() => viewerRequestSource({ pages, notFound: {} })).toThrow(/KeyValueStore/);
    expect(Buffer.byteLength(viewerRequestSource(ROUTING_TABLE))).toBeLessThan(MAX_FUNCTION_BYTES);
  });
});

import vm from "node:vm";
import { transformSync } from "esbuild";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  MAX_FUNCTION_BYTES,
  NOT_FOUND_PREFIX,
  PREVIEW_COOKIE,
  previewRequestSource,
  STATUS_METADATA,
  viewerRequestSource,
  viewerResponseSource,
} from "../../infra/lib/cloudfront-function.ts";
import {
  COUNTRY_CURRENCY_COOKIE,
  COUNTRY_CURRENCY_COOKIE_ATTRIBUTES,
  countryCurrencyCookie,
} from "../../src/lib/currency.ts";
import { MAX_SEGMENTS, type RouteTable, resolveRequest } from "../../src/lib/routing.ts";
import { CURRENCY_COOKIE_CASES } from "../fixtures/currency-cases.ts";
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
  cookies?: Record<string, { value: string; attributes?: string }>;
}
type Handler<E, R> = (event: E) => R;

/**
 * Loads function code the way CloudFront does: a bare script defining handler, no module system, no Node globals.
 * The context counts calls of String.prototype.indexOf, the function's step from one segment to the next, so tests
 * can measure its work per request without a clock.
 */
function load<E, R>(source: string): { handler: Handler<E, R>; steps: () => number } {
  const context = vm.createContext(Object.create(null));
  vm.runInContext(
    `var __steps = 0; var __indexOf = String.prototype.indexOf;
     String.prototype.indexOf = function () { __steps++; return __indexOf.apply(this, arguments); };`,
    context,
  );
  const handler = vm.runInContext(`${source}\n;handler`, context) as Handler<E, R>;
  return { handler, steps: () => vm.runInContext("__steps", context) as number };
}
const request = (uri: string): CfRequest => ({ method: "GET", uri, querystring: {}, headers: {}, cookies: {} });
const viewerResponse = load<{ request: CfRequest; response: CfResponse }, CfResponse>(viewerResponseSource()).handler;

/** A route table of `posts` blog posts besides the fixture's pages: the blog is what grows. */
function siteWithPosts(posts: number): RouteTable {
  const blog = Array.from({ length: posts }, (_, i) => `/blog/post-${String(i).padStart(5, "0")}`);
  return { pages: [...ROUTING_TABLE.pages, ...blog].sort(), notFound: ROUTING_TABLE.notFound };
}

/**
 * One request through the distribution's default behaviour, as the deployment leaves the bucket
 * (infra/lib/constructs/static-site.ts): the build's pages and files, plus the not-found views again under
 * NOT_FOUND_PREFIX carrying the status metadata; a missing key is S3's 403, which the error responses answer with
 * /404.html and status 404. Also the local server's answer (server/site-server.ts) to compare with.
 */
function distribution(table: RouteTable) {
  const files = new Set([
    ...Object.keys(FIXTURE_FILES).map((key) => `/${key}`),
    ...table.pages.map((page) => (page === "/" ? "/index.html" : `${page}/index.html`)),
  ]);
  const bucket = new Map<string, Record<string, string>>([...files].map((key) => [key, {}]));
  for (const view of ["/404.html", ...Object.values(table.notFound)]) {
    bucket.set(`${NOT_FOUND_PREFIX}${view}`, { [`x-amz-meta-${STATUS_METADATA}`]: "404" });
  }
  const viewerRequest = load<{ request: CfRequest }, CfRequest>(viewerRequestSource(table));

  function cloudFront(uri: string): { file: string; status: number } {
    const routed = viewerRequest.handler({ request: request(uri) });
    let key: string;
    try {
      key = decodeURIComponent(routed.uri); // S3 decodes the path into the key
    } catch {
      key = routed.uri;
    }
    const metadata = bucket.get(key);
    if (!metadata) return { file: "/404.html", status: 404 };
    const headers = Object.fromEntries(Object.entries(metadata).map(([name, value]) => [name, { value }]));
    const response = viewerResponse({ request: routed, response: { statusCode: 200, headers } });
    expect(Object.keys(response.headers)).not.toContain(`x-amz-meta-${STATUS_METADATA}`);
    return {
      file: key.startsWith(`${NOT_FOUND_PREFIX}/`) ? key.slice(NOT_FOUND_PREFIX.length) : key,
      status: response.statusCode,
    };
  }

  function localServer(uri: string): { file: string; status: number } {
    const resolution = resolveRequest(uri, table);
    return files.has(resolution.file) ? resolution : { file: "/404.html", status: 404 };
  }
  return { cloudFront, localServer, viewerRequest };
}

/** Path segments for random paths: pages, files, internal names, dot segments and broken or sneaky escapes. */
const SEGMENTS = [
  "",
  "about",
  "products",
  "esim",
  "unknown",
  "blog",
  "first-post",
  "post-00042",
  "post-99999",
  "_404.html",
  "_routes.json",
  "_not-found",
  "..",
  ".",
  "islands-ABC123.js",
  "x.SVG",
  "index.html",
  "%E0%A4%A",
  "%2F",
  "%61bout",
  "%00",
  "a%20b.png",
  "a b",
  "assets",
  "404.html",
  "%2e%2e",
  "%2E",
];

describe("CloudFront routing functions", () => {
  const small = distribution(ROUTING_TABLE);

  test.each(ROUTING_CASES)("%s is answered by %s with status %i, as on the local server", (path, file, status) => {
    expect(small.cloudFront(path)).toEqual({ file, status });
    expect(small.localServer(path)).toEqual({ file, status });
  });

  test("answers every path with the page and status the local server gives", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 6 }), fc.boolean(), (segments, trailingSlash) => {
        const path = `/${segments.join("/")}${trailingSlash ? "/" : ""}`;
        expect(small.cloudFront(path)).toEqual(small.localServer(path));
      }),
      { numRuns: 3000 },
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
    const routed = small.viewerRequest.handler({
      request: { ...request("/products"), querystring: { search: { value: "crm" } } },
    });
    expect(routed).toMatchObject({ uri: "/products/index.html", querystring: { search: { value: "crm" } } });
  });

  test("is plain ES 5.1 that the cloudfront-js-2.0 runtime accepts", () => {
    for (const source of [viewerRequestSource(ROUTING_TABLE), viewerResponseSource()]) {
      expect(() => transformSync(source, { loader: "js", target: "es5" })).not.toThrow();
      expect(source).not.toMatch(/\b(import|require|export)\b/);
    }
  });
});

describe("the viewer-response function's currency cookie", () => {
  /** A page (or other file) answered to a viewer in `country` whose request carries the country cookie `sent`. */
  const answer = (
    country: string | undefined,
    sent: string | undefined,
    type = "text/html; charset=utf-8",
    uri = "/installation/index.html",
  ) =>
    viewerResponse({
      request: {
        ...request(uri),
        headers: country === undefined ? {} : { "cloudfront-viewer-country": { value: country } },
        cookies: sent === undefined ? {} : { [COUNTRY_CURRENCY_COOKIE]: { value: sent } },
      },
      response: { statusCode: 200, headers: { "content-type": { value: type } }, cookies: {} },
    });

  test.each(CURRENCY_COOKIE_CASES)(
    "a page for country %s with cookie %s sets %s, as the local server",
    (country, sent, set) => {
      const cookie = answer(country, sent).cookies?.[COUNTRY_CURRENCY_COOKIE];
      expect(cookie).toEqual(set && { value: set, attributes: COUNTRY_CURRENCY_COOKIE_ATTRIBUTES });
      expect(countryCurrencyCookie(country, sent)).toBe(set);
    },
  );

  test("gives any country the currency the local server gives it", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom("IN", "in", "iN"), fc.stringMatching(/^[A-Za-z]{2}$/)), (country) => {
        expect(answer(country, undefined).cookies?.[COUNTRY_CURRENCY_COOKIE]?.value).toBe(
          countryCurrencyCookie(country, undefined),
        );
      }),
    );
  });

  test("leaves every page but the one with prices without a cookie", () => {
    for (const uri of ["/index.html", "/products/astroway/index.html", "/installations/index.html"])
      expect(answer("IN", undefined, undefined, uri).cookies?.[COUNTRY_CURRENCY_COOKIE], uri).toBeUndefined();
  });

  test("leaves files other than pages without a cookie", () => {
    for (const type of ["text/css", "application/javascript", "image/png", "application/json"])
      expect(answer("IN", undefined, type).cookies?.[COUNTRY_CURRENCY_COOKIE], type).toBeUndefined();
  });

  test("sets no cookie on a not-found view, and still answers it with 404", () => {
    const response = viewerResponse({
      request: {
        ...request(`${NOT_FOUND_PREFIX}/404.html`),
        headers: { "cloudfront-viewer-country": { value: "IN" } },
      },
      response: {
        statusCode: 200,
        headers: { "content-type": { value: "text/html" }, [`x-amz-meta-${STATUS_METADATA}`]: { value: "404" } },
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.cookies?.[COUNTRY_CURRENCY_COOKIE]).toBeUndefined();
  });
});

describe("CloudFront routing at 10,000 pages", () => {
  const POSTS = 10_000;
  const large = siteWithPosts(POSTS);
  const site = distribution(large);

  test("the function is the same few kilobytes whether the blog has 10 or 10,000 posts", () => {
    const source = viewerRequestSource(large);
    expect(large.pages.length).toBeGreaterThan(POSTS);
    expect(Buffer.byteLength(source)).toBeLessThan(MAX_FUNCTION_BYTES / 2);
    expect(source).toBe(viewerRequestSource(siteWithPosts(10)));
  });

  test.each(ROUTING_CASES)("%s is still answered by %s with status %i", (path, file, status) => {
    expect(site.cloudFront(path)).toEqual({ file, status });
  });

  test("every post and every path answers as on the local server", () => {
    for (const page of large.pages)
      expect(site.cloudFront(page), page).toEqual({
        file: page === "/" ? "/index.html" : `${page}/index.html`,
        status: 200,
      });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 6 }), fc.boolean(), (segments, trailingSlash) => {
        const path = `/${segments.join("/")}${trailingSlash ? "/" : ""}`;
        expect(site.cloudFront(path)).toEqual(site.localServer(path));
      }),
      { numRuns: 2000 },
    );
  });

  test("the work per request stops at the segment cap, however long the path", () => {
    const long = {
      "8,000 /_ segments": "/_".repeat(8000),
      "4,000 /a segments": "/a".repeat(4000),
      "one 8,000-character segment": `/${"a".repeat(8000)}`,
      "17 segments below /products": `/products${"/x".repeat(MAX_SEGMENTS)}`,
      "a known post": "/blog/post-04242",
    };
    for (const [name, uri] of Object.entries(long)) {
      const before = site.viewerRequest.steps();
      const answer = site.cloudFront(uri);
      // One indexOf for the NUL check and one per segment looked at: never more than the cap plus the one over it.
      expect(site.viewerRequest.steps() - before, name).toBeLessThanOrEqual(MAX_SEGMENTS + 2);
      expect(answer, name).toEqual(site.localServer(uri));
    }
    expect(site.cloudFront("/_".repeat(8000))).toEqual({ file: "/404.html", status: 404 });
  });

  test("refuses a catalogue too large for CloudFront's 10 KB limit, naming the folder and the way out", () => {
    const products = Array.from({ length: 400 }, (_, i) => `/products/a-rather-long-product-name-${i}`);
    expect(() => viewerRequestSource({ pages: products, notFound: ROUTING_TABLE.notFound })).toThrow(
      /\/products \(400 pages\).*KeyValueStore/,
    );
  });
});

describe("the preview distribution's function: one bucket, a prefix per pull request", () => {
  type Answer = CfRequest & {
    statusCode?: number;
    headers: Record<string, { value: string }>;
    cookies: Record<string, { value: string; attributes?: string }>;
  };
  const preview = load<{ request: CfRequest }, Answer>(previewRequestSource()).handler;
  const withCookie = (uri: string, pr: string): CfRequest => ({
    ...request(uri),
    cookies: { [PREVIEW_COOKIE]: { value: pr } },
  });

  test("the pull request's link remembers its number and opens the same page without the prefix", () => {
    const answer = preview({ request: request("/pr-42/blog/launch") });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location?.value).toBe("/blog/launch");
    expect(answer.cookies[PREVIEW_COOKIE]).toEqual({
      value: "42",
      attributes: "Path=/; Secure; HttpOnly; SameSite=Lax",
    });
    expect(preview({ request: request("/pr-42/") }).headers.location?.value).toBe("/");
  });

  test("every later request reads that pull request's files: pages as index.html, files as they are", () => {
    expect(preview({ request: withCookie("/", "42") }).uri).toBe("/pr-42/index.html");
    expect(preview({ request: withCookie("/blog/launch", "42") }).uri).toBe("/pr-42/blog/launch/index.html");
    expect(preview({ request: withCookie("/blog/", "7") }).uri).toBe("/pr-7/blog/index.html");
    expect(preview({ request: withCookie("/assets/islands-ABC123.js", "42") }).uri).toBe(
      "/pr-42/assets/islands-ABC123.js",
    );
  });

  test("without a preview chosen, or with a forged cookie, it answers a noindex note and reads nothing", () => {
    for (const req of [request("/blog/launch"), withCookie("/", "../secret"), withCookie("/", "")]) {
      const answer = preview({ request: req });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers["x-robots-tag"]?.value).toBe("noindex, nofollow");
    }
  });

  test("fits CloudFront's size limit", () => {
    expect(Buffer.byteLength(previewRequestSource())).toBeLessThan(MAX_FUNCTION_BYTES);
  });
});

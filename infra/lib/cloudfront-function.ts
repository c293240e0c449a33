import {
  COUNTRY_CURRENCIES,
  COUNTRY_CURRENCY_COOKIE,
  COUNTRY_CURRENCY_COOKIE_ATTRIBUTES,
  CURRENCY_PAGE,
  DEFAULT_CURRENCY,
} from "../../src/lib/currency.ts";
import { edgeTable, MAX_SEGMENTS, type RouteTable } from "../../src/lib/routing.ts";

/**
 * The routing rules of src/lib/routing.ts, as CloudFront Functions (cloudfront-js-2.0: no imports, ES 5.1 plus a few
 * later features). tests/infra/cloudfront-function.test.ts runs the result, with a model of the bucket and the
 * distribution's error responses, against the same cases and random paths as resolveRequest(), so the two cannot
 * drift.
 *
 * The function does not carry the page list (CloudFront rejects function code over 10 KB, about 250 pages): a path
 * without an extension becomes `<path>/index.html` and the bucket decides; a missing key is S3's 403, which the
 * distribution answers with /404.html and status 404. Error responses are distribution-wide, so below a folder with
 * its own not-found view (/products/<unknown> → Product Not Found) the function must tell pages from the rest itself:
 * only those pages are embedded (edgeTable()), a catalogue, not the blog.
 *
 * How the 404 status of a folder's view travels: the function rewrites the request to a copy of the view under
 * NOT_FOUND_PREFIX (e.g. /products/unknown → /_not-found/products/_404.html). Those copies are uploaded with the S3
 * metadata STATUS_METADATA=404, which S3 returns as a response header; the viewer-response function turns it into
 * the status code and removes it. The marker is carried by the object itself, so it survives the cache.
 */

/** Key prefix of the copies of the not-found views that are served with status 404. */
export const NOT_FOUND_PREFIX = "/_not-found";
/** S3 user metadata key on those copies; S3 answers it as the header x-amz-meta-route-status. */
export const STATUS_METADATA = "route-status";
/** CloudFront rejects function code above 10 KB. */
export const MAX_FUNCTION_BYTES = 10_240;

/**
 * Source of the viewer-request function: maps the URI to the file that answers it, like resolveRequest(). A page
 * (or what may be one) becomes its index.html, a not-found path its view under NOT_FOUND_PREFIX, a file passes
 * unchanged. Its work is linear in the URI's length and its size does not depend on the pages outside folders with
 * their own not-found view.
 * @throws Error when those folders list so many pages that the code is larger than CloudFront accepts
 */
export function viewerRequestSource(table: RouteTable): string {
  const { notFound, listed, viewDepth } = edgeTable(table);
  const pages: Record<string, 1> = {};
  for (const page of listed) pages[page] = 1;
  const source = `// Generated at synth time by infra/lib/cloudfront-function.ts: the rules of src/lib/routing.ts.
var LISTED = ${JSON.stringify(pages)};
var NOT_FOUND = ${JSON.stringify(notFound)};
var VIEW_DEPTH = ${viewDepth};
var MAX_SEGMENTS = ${MAX_SEGMENTS};
var NOT_FOUND_PREFIX = ${JSON.stringify(NOT_FOUND_PREFIX)};
var SITE_NOT_FOUND = "/404.html";
var EXTENSION = /\\.[a-z0-9]+$/i;
var has = Object.prototype.hasOwnProperty;

// The nearest folder view above the path; prefixes grow one segment at a time, no deeper than the deepest view.
function folderView(segments) {
  var found = null;
  var folder = "";
  var depth = Math.min(segments.length - 1, VIEW_DEPTH);
  for (var i = 0; i < depth; i++) {
    folder += "/" + segments[i];
    if (has.call(NOT_FOUND, folder)) found = NOT_FOUND[folder];
  }
  return found;
}

function indexUri(segments) {
  var uri = "";
  for (var i = 0; i < segments.length; i++) uri += "/" + encodeURIComponent(segments[i]);
  return uri + "/index.html";
}

// The URI to fetch: a page's index.html, a not-found view's copy under NOT_FOUND_PREFIX, or null to keep the URI.
function route(uri) {
  var path;
  try {
    path = decodeURIComponent(uri);
  } catch (e) {
    return NOT_FOUND_PREFIX + SITE_NOT_FOUND;
  }
  if (path.charAt(0) !== "/" || path.indexOf("\\u0000") !== -1) return NOT_FOUND_PREFIX + SITE_NOT_FOUND;
  var segments = [];
  var internal = false;
  for (var start = 1; start <= path.length; ) {
    var slash = path.indexOf("/", start);
    var end = slash === -1 ? path.length : slash;
    var segment = path.slice(start, end);
    if (segment === "." || segment === "..") return NOT_FOUND_PREFIX + SITE_NOT_FOUND;
    if (segment !== "") {
      if (segments.length === MAX_SEGMENTS) return NOT_FOUND_PREFIX + SITE_NOT_FOUND;
      segments.push(segment);
      if (segment.charAt(0) === "_") internal = true;
    }
    start = end + 1;
  }
  // Underscore files are internal views (404 pages, the route table); they are not addressable.
  if (internal) return NOT_FOUND_PREFIX + (folderView(segments) || SITE_NOT_FOUND);
  if (path.charAt(path.length - 1) !== "/" && segments.length && EXTENSION.test(segments[segments.length - 1])) return null;
  var view = folderView(segments);
  if (view && !has.call(LISTED, "/" + segments.join("/"))) return NOT_FOUND_PREFIX + view;
  return segments.length ? indexUri(segments) : "/index.html";
}

function handler(event) {
  var request = event.request;
  var uri = route(request.uri);
  if (uri !== null) request.uri = uri;
  return request;
}
`;
  checkSize(source, notFound, listed);
  return source;
}

/** @throws Error when the function is larger than CloudFront accepts, naming the folders whose pages it lists */
function checkSize(source: string, notFound: Record<string, string>, listed: readonly string[]): void {
  const bytes = Buffer.byteLength(source);
  if (bytes > MAX_FUNCTION_BYTES) {
    const folders = Object.keys(notFound).map(
      (folder) => `${folder} (${listed.filter((page) => page.startsWith(`${folder}/`)).length} pages)`,
    );
    throw new Error(
      `The viewer-request function is ${bytes} bytes; CloudFront accepts ${MAX_FUNCTION_BYTES}. It lists the pages below the folders with ` +
        `their own not-found view: ${folders.join(", ")}. Remove that folder's _404.tsx (its unknown URLs then get /404.html), or move the ` +
        "list into a CloudFront KeyValueStore (infra/lib/cloudfront-function.ts).",
    );
  }
}

/**
 * Source of the viewer-response function: a not-found view copy answers with status 404, and the page with prices
 * tells the browser its viewer's currency in a cookie (src/lib/currency.ts, countryCurrencyCookie): CloudFront adds the
 * CloudFront-Viewer-Country header to the request for this function because the pages' origin request policy names
 * it (infra/lib/constructs/static-site.ts), which leaves it out of the cache key, so every country gets the same
 * cached page and only this cookie differs. A response without the header (the policy missing) sets no cookie.
 */
export function viewerResponseSource(): string {
  const header = `x-amz-meta-${STATUS_METADATA}`;
  return `// Generated by infra/lib/cloudfront-function.ts: the status marker of the not-found views becomes the status code;
// the page with prices sets the viewer country's currency cookie (src/lib/currency.ts).
var COUNTRY_CURRENCIES = ${JSON.stringify(COUNTRY_CURRENCIES)};
var DEFAULT_CURRENCY = ${JSON.stringify(DEFAULT_CURRENCY)};
var CURRENCY_COOKIE = ${JSON.stringify(COUNTRY_CURRENCY_COOKIE)};
var CURRENCY_COOKIE_ATTRIBUTES = ${JSON.stringify(COUNTRY_CURRENCY_COOKIE_ATTRIBUTES)};
var CURRENCY_PAGE = ${JSON.stringify(CURRENCY_PAGE)};
var has = Object.prototype.hasOwnProperty;

function setCountryCurrency(request, response) {
  var country = request.headers["cloudfront-viewer-country"];
  var type = response.headers["content-type"];
  if (!country || !country.value || !type || type.value.indexOf("text/html") !== 0) return;
  // The page with prices alone (showsPrices in src/lib/currency.ts); the request's uri is the file it was rewritten to.
  if (request.uri !== CURRENCY_PAGE && request.uri.indexOf(CURRENCY_PAGE + "/") !== 0) return;
  var code = country.value.toUpperCase();
  var currency = has.call(COUNTRY_CURRENCIES, code) ? COUNTRY_CURRENCIES[code] : DEFAULT_CURRENCY;
  var sent = request.cookies && request.cookies[CURRENCY_COOKIE];
  if (sent && sent.value === currency) return;
  if (!response.cookies) response.cookies = {};
  response.cookies[CURRENCY_COOKIE] = { value: currency, attributes: CURRENCY_COOKIE_ATTRIBUTES };
}

function handler(event) {
  var response = event.response;
  var marker = response.headers[${JSON.stringify(header)}];
  if (marker) {
    delete response.headers[${JSON.stringify(header)}];
    // A 304 to a conditional request stays a 304: the browser keeps the 404 it already has.
    if (marker.value === "404" && response.statusCode === 200) response.statusCode = 404;
  }
  setCountryCurrency(event.request, response);
  return response;
}
`;
}

/** The cookie that tells the preview distribution which pull request a browser is looking at. */
export const PREVIEW_COOKIE = "preview-pr";

/**
 * Source of the preview distribution's viewer-request function. Every pull request's build lives under pr-<n>/ of one
 * bucket, and the site links from the root (/blog/…, /assets/…), so the prefix travels in a cookie: the address on
 * the pull request, /pr-<n>/…, sets it and redirects to the same path without the prefix; every later request is
 * read from pr-<n>/. A page (no extension) is its index.html, as in production; the not-found views are not routed.
 * Without the cookie the answer is a short page that says to open a pull request's preview link.
 */
export function previewRequestSource(): string {
  return `// Generated by infra/lib/cloudfront-function.ts: one bucket, one prefix per pull request, chosen by a cookie.
var COOKIE = ${JSON.stringify(PREVIEW_COOKIE)};
var ENTRY = /^\\/pr-(\\d{1,6})(\\/.*)?$/;
var EXTENSION = /\\.[a-z0-9]+$/i;

function handler(event) {
  var request = event.request;
  var entry = ENTRY.exec(request.uri);
  if (entry) {
    return {
      statusCode: 302,
      statusDescription: "Found",
      headers: { location: { value: entry[2] || "/" }, "cache-control": { value: "no-store" } },
      cookies: { "preview-pr": { value: entry[1], attributes: "Path=/; Secure; HttpOnly; SameSite=Lax" } },
    };
  }
  var chosen = request.cookies[COOKIE];
  if (!chosen || !/^\\d{1,6}$/.test(chosen.value)) {
    return {
      statusCode: 404,
      statusDescription: "Not Found",
      headers: { "content-type": { value: "text/plain; charset=utf-8" }, "x-robots-tag": { value: "noindex, nofollow" } },
      body: "No preview chosen: open the preview link in the pull request's comment (/pr-<number>/).",
    };
  }
  var uri = request.uri;
  if (uri.charAt(uri.length - 1) === "/") uri += "index.html";
  else if (!EXTENSION.test(uri.slice(uri.lastIndexOf("/") + 1))) uri += "/index.html";
  request.uri = "/pr-" + chosen.value + uri;
  return request;
}
`;
}

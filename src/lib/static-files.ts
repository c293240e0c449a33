/**
 * How built files are served, shared by the local server (server/site-server.ts) and the CDK stack (infra/), so
 * `npm start` and CloudFront send the same types, compression and cache headers.
 */

/** Content-Type by file extension. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".woff2": "font/woff2",
};

/** Text types worth compressing; images, PDFs and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  ".html",
  ".js",
  ".css",
  ".json",
  ".webmanifest",
  ".xml",
  ".txt",
  ".svg",
]);

/**
 * What a browser may keep of a page without asking again. Long enough that a page fetched ahead of the tap that opens
 * it (src/client/next-page.ts) is still fresh when the tap comes, in every engine: one that had to revalidate would
 * spend a round trip on the tap after all. Short enough that a deploy reaches a returning visitor within minutes;
 * the pages they hold keep working meanwhile, since hashed assets are never removed. `s-maxage=0` keeps shared caches
 * asking every time (CloudFront's own page TTL, set by its cache policy, overrides it). A page kept for a swap
 * (src/client/page-swap.ts) is shown as is for as long.
 */
export const PAGE_FRESH_MS = 300_000;
const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_FRESH_MS / 1000}, s-maxage=0, must-revalidate`;

/** The not-found views (/404.html, /products/_404.html): revalidated, so a page published since is found at once. */
const isNotFoundView = (file: string) => /\/_?404\.html$/.test(file);

/**
 * Cache rules: hashed assets forever; pages for a few minutes (PAGE_CACHE_CONTROL); the not-found views and the JSON
 * data pages fetch (search index, blog list) revalidated every time, so a deploy's pages never read the previous
 * deploy's data; the rest (images, icons, feeds) for an hour.
 */
export function cacheControl(file: string): string {
  if (file.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (file.endsWith(".html") && !isNotFoundView(file)) return PAGE_CACHE_CONTROL;
  if (file.endsWith(".html") || file.endsWith(".json")) return "public, max-age=0, must-revalidate";
  return "public, max-age=3600";
}

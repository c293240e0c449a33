import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, inject, test } from "vitest";
import type { BuildResult } from "../../build/index.ts";
import { NEWSLETTER_LINK_PAGES, NEWSLETTER_PAGES } from "../../src/lib/newsletter.ts";
import type { RouteTable } from "../../src/lib/routing.ts";

/**
 * SPEC section 2's route table, the site search's results page, the newsletter's result pages
 * and the pages its mailed links open: every one of these is prerendered.
 */
const STATIC_ROUTES = [
  "/",
  "/products",
  "/about",
  "/portfolio",
  "/blog",
  "/installation",
  "/contact",
  "/faq",
  "/privacy",
  "/terms",
  "/refund",
  "/cookies",
  "/disclaimer",
  "/search",
  ...Object.values(NEWSLETTER_PAGES),
  ...Object.values(NEWSLETTER_LINK_PAGES),
];

/** The build this test run shares (tests/setup/build-site.ts). */
describe("build", () => {
  let out: string;
  let result: BuildResult;
  let table: RouteTable;
  const read = (file: string) => readFile(path.join(out, file), "utf8");

  beforeAll(async () => {
    ({ dir: out, result } = inject("sharedBuild"));
    table = JSON.parse(await read("_routes.json")) as RouteTable;
  });

  test("prerenders every route of the spec, each product and each post", () => {
    const expected = [
      ...STATIC_ROUTES,
      ...result.content.products.map((p) => `/products/${p.id}`),
      ...result.content.posts.map((p) => `/blog/${p.slug}`),
    ].sort();
    expect(table.pages).toEqual(expected);
  });

  const NOINDEX = '<meta name="robots" content="noindex, follow"/>';
  /** Each file and what it must say, given the site's URL. */
  test.each<[string, (url: string) => string[]]>([
    ["404.html", () => ["Oops! Page not found", NOINDEX]],
    ["products/_404.html", () => ["Product Not Found", NOINDEX]],
    ["robots.txt", (url) => [`Sitemap: ${url}/sitemap.xml`]],
    // Each page's canonical link is its own URL.
    ["products/esim/index.html", (url) => [`<link rel="canonical" href="${url}/products/esim"/>`]],
    // The site search action, pointing at the search results page.
    ["index.html", (url) => ['"@type":"SearchAction"', `"urlTemplate":"${url}/search?q={search_term_string}"`]],
  ])("writes %s, saying what crawlers and visitors need", async (file, says) => {
    const text = await read(file);
    for (const line of says(result.content.site.url)) expect(text).toContain(line);
  });

  test("points the routing rules at the not-found views and leaves them out of the sitemap", async () => {
    expect(table.notFound).toEqual({ "/products": "/products/_404.html" });
    const sitemap = await read("sitemap.xml");
    // Every page but the search results page and the newsletter's pages, which are noindex too.
    const newsletter = Object.keys(NEWSLETTER_PAGES).length + Object.keys(NEWSLETTER_LINK_PAGES).length;
    expect(sitemap.match(/<loc>/g)).toHaveLength(table.pages.length - 1 - newsletter);
    expect(sitemap).not.toContain("/newsletter/");
    expect(sitemap).not.toContain("404");
  });

  test("publishes an RSS feed with every post", async () => {
    const rss = await read("rss.xml");
    expect(rss.match(/<item>/g)).toHaveLength(result.content.posts.length);
  });

  test("loads the island loader as a module and references hashed chunks only", async () => {
    const html = await read("index.html");
    expect(html).toMatch(/<script type="module" src="\/assets\/loader-[A-Z0-9]+\.js">/);
    for (const [, src] of html.matchAll(/data-src="([^"]+)"/g))
      expect(src).toMatch(/^\/assets\/[a-z-]+-[A-Z0-9]+\.js$/);
  });

  test("emits the CSP hash of every inline script", async () => {
    const csp = JSON.parse(await read("_csp.json")) as { scriptHashes: string[] };
    const { createHash } = await import("node:crypto");
    const html = await read("404.html");
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    for (const code of inline)
      expect(csp.scriptHashes).toContain(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
  });
});

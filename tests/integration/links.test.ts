import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { build, type BuildResult } from "../../build/index.ts";
import { listFiles, ROOT } from "../fixtures/content.ts";
import { type RouteTable, resolveRequest } from "../../src/lib/routing.ts";

/** Every URL-valued attribute a page may carry, island chunk URLs included. */
const URL_ATTRIBUTE = /\s(?:href|src|data-src|action|poster)="([^"]*)"/g;
const SRCSET = /\ssrcset="([^"]*)"/g;

const exists = (file: string) => access(file).then(() => true, () => false);

/** Internal links of one page: site paths (not protocol-relative), with entities decoded. */
function internalUrls(html: string): string[] {
  const urls = [...html.matchAll(URL_ATTRIBUTE)].map((m) => m[1] ?? "");
  for (const m of html.matchAll(SRCSET)) urls.push(...(m[1] ?? "").split(",").map((s) => s.trim().split(/\s+/)[0] ?? ""));
  return urls.map((u) => u.replace(/&amp;/g, "&")).filter((u) => u.startsWith("/") && !u.startsWith("//"));
}

describe("links of the built site", () => {
  let out: string;
  let result: BuildResult;
  let table: RouteTable;
  let pages: { file: string; html: string }[];

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), "links-"));
    result = await build({ rootDir: ROOT, outDir: out });
    table = JSON.parse(await readFile(path.join(out, "_routes.json"), "utf8")) as RouteTable;
    const htmlFiles = (await listFiles(out)).filter((f) => f.endsWith(".html"));
    pages = await Promise.all(htmlFiles.map(async (file) => ({ file, html: await readFile(path.join(out, file), "utf8") })));
  }, 120_000);
  afterAll(() => rm(out, { recursive: true, force: true }));

  test("every internal href and src resolves to a page or a file of the build", async () => {
    const broken: string[] = [];
    let checked = 0;
    for (const { file, html } of pages) {
      for (const url of new Set(internalUrls(html))) {
        checked += 1;
        const { pathname } = new URL(url, "https://site.invalid");
        const resolution = resolveRequest(pathname, table);
        if (resolution.status !== 200 || !(await exists(path.join(out, resolution.file)))) broken.push(`${file}: ${url}`);
      }
    }
    // Each page links at least its stylesheet, the loader and the menu: a pattern that finds nothing is a broken test.
    expect(checked).toBeGreaterThan(pages.length * 3);
    expect(broken).toEqual([]);
  });

  test("every in-page anchor points at an element of that page", () => {
    const broken: string[] = [];
    for (const { file, html } of pages) {
      const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const [, target] of html.matchAll(/\shref="#([^"]+)"/g)) if (!ids.has(target)) broken.push(`${file}: #${target}`);
    }
    expect(broken).toEqual([]);
  });

  test("every product's documentation link serves a PDF", async () => {
    expect(result.content.products.length).toBeGreaterThan(0);
    for (const product of result.content.products) {
      const file = path.join(out, product.documentationUrl);
      const head = (await readFile(file)).subarray(0, 5).toString("latin1");
      expect(head, product.documentationUrl).toBe("%PDF-");
    }
  });

  test("the product pages link their documentation", () => {
    for (const product of result.content.products) {
      const page = pages.find((p) => p.file === `products/${product.id}/index.html`);
      expect(page?.html, product.id).toContain(`href="${product.documentationUrl}"`);
    }
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { DIST_DIR } from "./fixtures.ts";

/**
 * Every URL a visitor can land on, read from the build: each page of the sitemap, plus an unknown product (the
 * Product Not Found view) and an unknown path (the 404 page).
 */
export function everyRoute(): string[] {
  const sitemap = readFileSync(path.join(DIST_DIR, "sitemap.xml"), "utf8");
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => new URL(loc).pathname);
  if (pages.length === 0) throw new Error(`${DIST_DIR}/sitemap.xml lists no pages; run npm run build first`);
  return [...pages, "/products/no-such-product", "/no-such-page"];
}

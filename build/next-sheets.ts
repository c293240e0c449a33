import type { Stylesheets } from "../src/lib/stylesheets.ts";
import type { RenderedPage } from "./render.tsx";

/**
 * Names on each page the page sheets its links' pages use and it does not (`<html data-next-sheets="3 7">`, indexes
 * into the loader's list of page sheets): src/client/next-page.ts fetches those ahead, so the next page finds its
 * sheets in the cache, and no page fetches the sheets of pages it cannot lead to (/admin's). A page's sheets are known
 * only once it is rendered, after the loader is bundled, hence a pass over the rendered pages.
 */
export function withNextSheets(pages: readonly RenderedPage[], sheets: Stylesheets): RenderedPage[] {
  const index = new Map(sheets.pages.map((sheet, i) => [sheet.href, i]));
  const sheetsOf = new Map(pages.map((page) => [page.route.path, linkedSheets(page.html, index)]));
  return pages.map((page) => {
    const own = sheetsOf.get(page.route.path) ?? new Set();
    const next = new Set<number>();
    for (const path of internalLinks(page.html))
      for (const sheet of sheetsOf.get(path) ?? []) if (!own.has(sheet)) next.add(sheet);
    if (next.size === 0) return page;
    const names = [...next].sort((a, b) => a - b).join(" ");
    return { ...page, html: page.html.replace(/<html(?=[\s>])/, `<html data-next-sheets="${names}"`) };
  });
}

/** The indexes of the page sheets a page's HTML links. */
function linkedSheets(html: string, index: ReadonlyMap<string, number>): Set<number> {
  const linked = new Set<number>();
  for (const [, href = ""] of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) {
    const i = index.get(href);
    if (i !== undefined) linked.add(i);
  }
  return linked;
}

/** The paths (no query, fragment or trailing slash) of the site's pages a page's anchors link to. */
function internalLinks(html: string): Set<string> {
  const paths = new Set<string>();
  for (const [, href = ""] of html.matchAll(/<a\s[^>]*?href="(\/[^"]*)"/g)) {
    if (href.startsWith("//")) continue;
    const path = href.replace(/[?#].*$/, "").replace(/(.)\/$/, "$1");
    paths.add(path);
  }
  return paths;
}

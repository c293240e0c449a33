import { describe, expect, test } from "vitest";
import { withNextSheets } from "../../../build/next-sheets.ts";
import type { RenderedPage } from "../../../build/render.tsx";
import type { Stylesheets } from "../../../src/lib/stylesheets.ts";

const sheet = (name: string) => ({ name, href: `/assets/${name}.css`, classes: new Set<string>() });
const SHEETS = {
  shell: "/assets/site.css",
  pages: [sheet("about"), sheet("draft"), sheet("home"), sheet("product")],
} as unknown as Stylesheets;

const page = (path: string, sheets: string[], links: string[]) =>
  ({
    route: { path },
    html: `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/assets/site.css"/>${sheets
      .map((name) => `<link rel="stylesheet" href="/assets/${name}.css"/>`)
      .join("")}</head><body>${links.map((href) => `<a class="x" href="${href}">x</a>`).join("")}</body></html>`,
  }) as unknown as RenderedPage;

const nextSheets = (pages: RenderedPage[]) =>
  Object.fromEntries(
    withNextSheets(pages, SHEETS).map((p) => [p.route.path, /data-next-sheets="([^"]*)"/.exec(p.html)?.[1] ?? null]),
  );

describe("the sheets a page fetches ahead", () => {
  test("are those of the pages it links to that it does not link itself, by their place in the loader's list", () => {
    const pages = [
      page("/", ["home"], ["/about", "/products/a?tab=1#buy", "/", "https://example.org/x"]),
      page("/about", ["about"], ["/"]),
      page("/products/a", ["product", "about"], ["/about/"]),
      page("/admin", ["draft"], []),
    ];
    expect(nextSheets(pages)).toEqual({ "/": "0 3", "/about": "2", "/products/a": null, "/admin": null });
  });

  test("never include a sheet no linked page uses: the editor's draft sheet stays with /admin", () => {
    const html = withNextSheets([page("/", [], ["/admin-help"]), page("/admin", ["draft"], [])], SHEETS)[0]?.html;
    expect(html).not.toContain("data-next-sheets");
  });
});

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type HtmlElement, HtmlValidate, Parser } from "html-validate";
import { inject } from "vitest";
import { ADMIN_DIR } from "../../build/plugins/admin/admin.ts";
import type { BuildResult } from "../../build/index.ts";
import type { RouteTable } from "../../src/lib/routing.ts";
import { htmlValidateConfig } from "./html-validate-config.ts";

/** One HTML file of the build, parsed. */
export interface BuiltPage {
  /** URL path for a route (/products/esim, / for home); the file itself for a not-found view (/404.html). */
  path: string;
  /** Path relative to the output folder, e.g. products/esim/index.html. */
  file: string;
  html: string;
  dom: HtmlElement;
  /** Not-found views: served by the routing rules for unknown URLs, never linked. */
  special: boolean;
  /** Carries <meta name="robots" content="noindex…">. */
  noindex: boolean;
}

export interface BuiltSite {
  dir: string;
  result: BuildResult;
  table: RouteTable;
  /** Every HTML file, routes first in route-table order, then the not-found views. */
  pages: BuiltPage[];
  /** content/site.yaml url, without a trailing slash. */
  siteUrl: string;
  validator: HtmlValidate;
}

/**
 * The build this test run shares (tests/setup/build-site.ts builds it once), with every page it wrote parsed.
 * Read-only: a test that needs to change the build makes its own.
 */
export async function builtSite(): Promise<BuiltSite> {
  const { dir, result } = inject("sharedBuild");
  const table = JSON.parse(await readFile(path.join(dir, "_routes.json"), "utf8")) as RouteTable;
  const validator = new HtmlValidate(htmlValidateConfig);
  const parser = new Parser(await validator.getConfigFor("page.html"));
  const htmlFiles = (await readdir(dir, { recursive: true }))
    .map((file) => file.split(path.sep).join("/"))
    // The content editor (admin/index.html) is no page of the site: tests/quality/admin.test.ts checks it on its own.
    .filter((file) => file.endsWith(".html") && !file.startsWith(`${ADMIN_DIR}/`));
  const routeFile = new Map(
    table.pages.map((route) => [route === "/" ? "index.html" : `${route.slice(1)}/index.html`, route]),
  );
  const pages = await Promise.all(
    htmlFiles.map(async (file): Promise<BuiltPage> => {
      const html = await readFile(path.join(dir, file), "utf8");
      const dom = parser.parseHtml(html);
      const route = routeFile.get(file);
      const robots = dom.querySelector('meta[name="robots"]')?.getAttributeValue("content") ?? "";
      return {
        path: route ?? `/${file}`,
        file,
        html,
        dom,
        special: route === undefined,
        noindex: /\bnoindex\b/i.test(robots),
      };
    }),
  );
  const order = (page: BuiltPage) => (page.special ? table.pages.length : table.pages.indexOf(page.path));
  pages.sort((a, b) => order(a) - order(b) || a.path.localeCompare(b.path));
  return { dir, result, table, pages, siteUrl: result.content.site.url.replace(/\/$/, ""), validator };
}

/** Text of an element with runs of white space folded, as a reader sees it. */
export function visibleText(element: HtmlElement): string {
  return element.textContent.replace(/\s+/g, " ").trim();
}

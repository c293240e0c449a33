import { readdir } from "node:fs/promises";
import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import type { PageDefinition, RouteParams } from "../src/lib/page.ts";
import { pathToFileURL } from "node:url";
import { BuildError, rethrowAs } from "./errors.ts";

/** One page to prerender: its URL, the module that renders it and the file it is written to. */
export interface Route {
  /** URL path without trailing slash ("/" for home). For special views, the path of the file served. */
  path: string;
  /** Output file relative to dist/, e.g. products/esim/index.html. */
  outFile: string;
  module: string;
  params: RouteParams;
  definition: PageDefinition<RouteParams, unknown>;
  /** Special views (404 pages) are served by the routing rules, never linked or listed in the sitemap. */
  special: boolean;
}

/**
 * Turns src/pages into routes, Fresh-style: the file path is the URL, `index` is the folder root, `[param]` a
 * dynamic segment filled from the module's `paths`. `404.tsx` is the site's not-found page; `_404.tsx` in a folder
 * is the not-found view for unknown URLs under that folder (e.g. /products/unknown).
 */
export async function collectRoutes(pagesDir: string, content: SiteContent): Promise<Route[]> {
  const files = await pageFiles(pagesDir);
  const routes: Route[] = [];
  for (const file of files) {
    const imported = (await import(pathToFileURL(path.join(pagesDir, file)).href).catch(
      rethrowAs(`Having trouble loading page module src/pages/${file}`),
    )) as { default?: PageDefinition<RouteParams, unknown> };
    const definition = imported.default;
    if (!definition?.Page) throw new BuildError(`src/pages/${file} must export default definePage({ … })`);
    const { stem, special, segments } = routeShape(file);
    if (special) {
      const outFile = `${stem}.html`;
      routes.push({ path: `/${outFile}`, outFile, module: file, params: {}, definition, special });
      continue;
    }
    const names = segments.filter((s) => s.startsWith("[")).map((s) => s.slice(1, -1));
    const paramSets = names.length ? definition.paths?.(content) : [{}];
    if (!paramSets) throw new BuildError(`src/pages/${file} has parameters (${names.join(", ")}) but no paths()`);
    for (const params of paramSets) {
      const urlSegments = segments.map((segment) => {
        if (!segment.startsWith("[")) return segment;
        const value = params[segment.slice(1, -1)];
        if (!value || !/^[a-z0-9-]+$/.test(value)) {
          throw new BuildError(
            `src/pages/${file}: paths() gave ${segment} = ${JSON.stringify(value)}; expected a slug`,
          );
        }
        return value;
      });
      const urlPath = `/${urlSegments.join("/")}`;
      routes.push({
        path: urlPath,
        outFile: urlSegments.length ? `${urlSegments.join("/")}/index.html` : "index.html",
        module: file,
        params,
        definition,
        special,
      });
    }
  }
  const seen = new Map<string, Route>();
  for (const route of routes) {
    const other = seen.get(route.outFile);
    if (other) {
      throw new BuildError(
        `src/pages/${route.module} and src/pages/${other.module} both write ${route.outFile}; give each route a distinct path`,
      );
    }
    seen.set(route.outFile, route);
  }
  return routes;
}

/** The page modules under src/pages, as paths with "/" separators, sorted. */
async function pageFiles(pagesDir: string): Promise<string[]> {
  return (await readdir(pagesDir, { recursive: true }))
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

/** What a page module's path says about its URLs: its segments ("[slug]" for a parameter) and whether it is a 404 view. */
function routeShape(file: string): { stem: string; special: boolean; segments: string[] } {
  const stem = file.replace(/\.tsx$/, "");
  return { stem, special: /(^|\/)_?404$/.test(stem), segments: stem.split("/").filter((s) => s !== "index") };
}

/**
 * The URL paths of src/pages known without content, from the file names alone: fixed paths such as /faq, and
 * patterns such as /blog/[slug] whose values come from content. Lets the build check links while content is invalid.
 */
export async function routeShapes(pagesDir: string): Promise<{ fixed: string[]; patterns: string[][] }> {
  const fixed: string[] = [];
  const patterns: string[][] = [];
  for (const file of await pageFiles(pagesDir)) {
    const { special, segments } = routeShape(file);
    if (special) continue;
    if (segments.some((segment) => segment.startsWith("["))) patterns.push(segments);
    else fixed.push(`/${segments.join("/")}`);
  }
  return { fixed, patterns };
}

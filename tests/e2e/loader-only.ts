import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DIST_DIR } from "./fixtures.ts";

/**
 * URL paths of the eager loader (src/client/loader.ts), the chunks it imports statically and the page modules (a page's
 * own plain code: the list filters, home's carousels), read from the build: every module script a page names.
 */
function loaderScripts(): Set<string> {
  const html = readFileSync(path.join(DIST_DIR, "index.html"), "utf8");
  const loader = html.match(/<script type="module" src="([^"]+)"/)?.[1];
  if (!loader) throw new Error(`${DIST_DIR}/index.html has no module script`);
  const code = readFileSync(path.join(DIST_DIR, loader), "utf8");
  const imports = [...code.matchAll(/(?:import|from)\s*"(\.[^"]+)"/g)].map(
    (m) => new URL(m[1] ?? "", `http://x${loader}`).pathname,
  );
  const pages = readdirSync(DIST_DIR, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
  const modules = pages.flatMap((file) =>
    [...readFileSync(path.join(DIST_DIR, file), "utf8").matchAll(/<script type="module" src="([^"]+)"/g)].map(
      (m) => m[1] ?? "",
    ),
  );
  return new Set([loader, ...imports, ...modules]);
}

/**
 * Lets the page load only the eager loader and its page modules: every other script (React, the island chunks) is
 * aborted. Returns the scripts and data the page asked for from now on (aborted ones included), to show an action
 * needed none.
 */
export async function loaderOnly(page: Page): Promise<string[]> {
  const allowed = loaderScripts();
  const asked: string[] = [];
  await page.route("**/*", (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (["script", "fetch", "xhr"].includes(request.resourceType())) asked.push(url.pathname);
    if (request.resourceType() === "script" && !allowed.has(url.pathname)) return route.abort();
    return route.fallback();
  });
  return asked;
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import type { RouteTable } from "../../src/lib/routing.ts";

/** Routes of the built site, read from dist/_routes.json (the build runs before the browser tests). */
export function builtRoutes(): RouteTable {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../dist/_routes.json"), "utf8")) as RouteTable;
}

/**
 * `test` with a `consoleErrors` list collected from the page; tests that expect none assert it is empty.
 * Network errors of the analytics hosts are not counted: no real network here.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});
export { expect };

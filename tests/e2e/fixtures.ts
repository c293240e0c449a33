import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type Route } from "@playwright/test";
import type { RouteTable } from "../../src/lib/routing.ts";

/** The build the server under test serves (DIST_DIR, default dist/); the build runs before the browser tests. */
export const DIST_DIR = path.resolve(import.meta.dirname, "../..", process.env.DIST_DIR ?? "dist");

/** SES emulator of the server under test, to read the mail the forms sent. */
export const SES_URL = `http://127.0.0.1:${process.env.E2E_SES_PORT ?? 8025}`;

/** The local DynamoDB of the server under test (playwright.config.ts: DYNAMO_PORT, default SES port + 1), to read stored leads. */
export const DYNAMO_URL = `http://127.0.0.1:${process.env.DYNAMO_PORT ?? Number(process.env.E2E_SES_PORT ?? 8025) + 1}`;

/**
 * An axe scan of the page, run by axe.run in the page itself ("legacy mode"): the default opens a blank page per scan
 * to merge the results of each frame, which takes two to three times as long on a busy machine. The site's pages have
 * no frames, and the results are the same rule by rule and node by node (compared on /contact).
 * Only violations are asserted, so only they are collected in full: axe keeps one element each of the rules that pass
 * or cannot tell (resultTypes), instead of building a selector and HTML for every element of the page and sending
 * them over (2,555 passing elements on home). The violations are the same, rule by rule and element by element
 * (compared on four pages with seven kinds of planted violations, 2026-11-27).
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });

/**
 * A returning visitor: cookie consent already given (analytics off) and the WhatsApp popup already seen this session,
 * so neither overlay covers what a test looks at. The consent and popup specs start as a first-time visitor instead.
 * The consent is dated by the page's clock unless `consentedAt` is given (a test that freezes time at a fixed date).
 */
export async function asReturningVisitor(page: Page, consentedAt?: string): Promise<void> {
  await page.addInitScript((at) => {
    const preferences = { analytics: false, functional: false, marketing: false };
    const timestamp = at ?? new Date().toISOString();
    localStorage.setItem("cookie-consent", JSON.stringify({ preferences, timestamp, version: "1.0" }));
    sessionStorage.setItem("whatsappPopupShown", "true");
  }, consentedAt ?? null);
}

/** The site as built with a measurement id: the same HTML (and CSP) with the id on <html>; Google's tag stubbed. */
export async function withMeasurementId(page: Page): Promise<void> {
  await page.route("https://www.googletagmanager.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "" }),
  );
  await page.route("**/*", async (route: Route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace("<html ", '<html data-analytics-id="G-TEST123" ');
    return route.fulfill({ response, body });
  });
}

/** Routes of the built site, read from <DIST_DIR>/_routes.json. */
export function builtRoutes(): RouteTable {
  return JSON.parse(readFileSync(path.join(DIST_DIR, "_routes.json"), "utf8")) as RouteTable;
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

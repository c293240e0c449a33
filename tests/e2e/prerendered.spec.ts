import type { Page } from "@playwright/test";
import { TIMINGS } from "../../src/lib/limits.ts";
import { expect, test, withMeasurementId } from "./fixtures.ts";
import { DESKTOP } from "./page-checks.ts";

/**
 * A page prerendered by a speculation rule behaves as if it were opened when it is shown. Chromium under
 * automation never prerenders, so the page is told it is: `document.prerendering` reads true until the test activates
 * it, which flips it to false and fires `prerenderingchange`, as Chromium does when the visitor navigates to it. (A
 * real prerender, in a driverless Chromium: tests/cross-engine/prerender.test.ts.)
 */
async function openPrerendered(page: Page, url: string): Promise<void> {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, "prerendering", { configurable: true, get: () => prerendering });
    Object.assign(window, {
      activatePrerender: () => {
        prerendering = false;
        document.dispatchEvent(new Event("prerenderingchange"));
      },
    });
  });
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  await page.goto(url);
  await page.waitForLoadState("load");
}

const activate = (page: Page) =>
  page.evaluate(() => (window as unknown as { activatePrerender(): void }).activatePrerender());

/** gtag `config` commands in the data layer: each is one page view once gtag.js runs. */
const pageViews = (page: Page) =>
  page.evaluate(
    () => (window.dataLayer ?? []).filter((entry) => Array.from(entry as ArrayLike<unknown>)[0] === "config").length,
  );

test.use({ viewport: DESKTOP });

test("a prerendered home page counts no page view and runs no timer until shown, then counts one and times from then", async ({
  page,
  consoleErrors,
}) => {
  // A first visit of the session with analytics allowed: the page view is due at once, the popup 10 s after.
  await page.addInitScript((timestamp) => {
    const preferences = { analytics: true, functional: false, marketing: false };
    localStorage.setItem("cookie-consent", JSON.stringify({ preferences, timestamp, version: "1.0" }));
  }, new Date().toISOString());
  await withMeasurementId(page);
  const tagRequests: string[] = [];
  await page.route("https://www.googletagmanager.com/**", (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  await openPrerendered(page, "/");
  const popup = page.getByRole("dialog", { name: "Let's Connect on WhatsApp!" });
  const carousel = page.getByRole("region", { name: "Featured products" });
  const dot = (n: number) => carousel.getByRole("button", { name: new RegExp(`^Go to product ${n} of `) });
  const typed = page.getByRole("heading", { level: 1 }).locator("[aria-hidden='true']").first();

  // Unseen for longer than any timer of the page: nothing counted, nothing moved.
  await page.clock.runFor(3 * TIMINGS.whatsappPopupMs);
  expect(await pageViews(page)).toBe(0);
  expect(tagRequests).toEqual([]);
  await expect(popup).toHaveCount(0);
  await expect(carousel).not.toHaveAttribute("data-playing", "");
  await expect(dot(1)).toHaveAttribute("aria-current", "true");
  await expect(typed).toHaveText("Startup Ideas");
  expect(await page.evaluate(() => sessionStorage.getItem("whatsappPopupShown"))).toBeNull();

  await activate(page);
  await expect.poll(() => pageViews(page)).toBe(1);
  await expect.poll(() => tagRequests).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST123"]);
  // Every clock starts at activation: the typewriter's first pause, the carousel's first turn, the popup's 10 s.
  await expect(carousel).toHaveAttribute("data-playing", "");
  await page.clock.runFor(TIMINGS.typewriterPauseMs - 1);
  await expect(typed).toHaveText("Startup Ideas");
  await page.clock.runFor(1);
  await expect(typed).toHaveText("Startup Idea");
  await page.clock.runFor(TIMINGS.heroCarouselMs - TIMINGS.typewriterPauseMs - 1);
  await expect(dot(1)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(1);
  await expect(dot(2)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(TIMINGS.whatsappPopupMs - TIMINGS.heroCarouselMs - 1);
  await expect(popup).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(popup).toBeVisible();
  expect(await pageViews(page)).toBe(1);
  expect(consoleErrors).toEqual([]);
});

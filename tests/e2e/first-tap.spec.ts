import type { Page } from "@playwright/test";
import { products } from "./catalogue-content.ts";
import { expect, test } from "./fixtures.ts";
import { loaderOnly } from "./loader-only.ts";
import {
  act,
  armRecorder,
  CONTROLS,
  type Control,
  quietOverlays,
  RECORDER_SCRIPT,
  recording,
} from "./first-tap-controls.ts";
import { content } from "./site-content.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * What a visitor sees on the first use of a control must not wait for a download. For each control (the
 * table in first-tap-controls.ts, shared with `npm run bench:interactions`):
 *   - no request starts between the input and the first frame showing the answer (Resource Timing, on the page's own
 *     clock: the recorder notes that frame, so a request the page starts once the answer is up does not count);
 *   - with every external script blocked (but the eager loader, for the controls that need its few lines), the control
 *     still gives its answer and takes it back.
 * Nothing here waits for hydration or measures time.
 */

const has = (text: string, term: string) => text.toLowerCase().includes(term);
/** The cards a filter leaves, by title, from the content the build reads. */
const FILTERED: Record<string, { titles: string[]; total: number }> = {
  "products-search": {
    titles: products.filter((p) => has(`${p.name}\n${p.shortDescription}\n${p.category}`, "crm")).map((p) => p.name),
    total: products.length,
  },
  "blog-search": {
    titles: content.posts.filter((p) => has(`${p.title}\n${p.excerpt}`, "saas")).map((p) => p.title),
    total: content.posts.length,
  },
  "blog-category": {
    titles: content.posts.filter((p) => p.category === "Technology").map((p) => p.title),
    total: content.posts.length,
  },
  "portfolio-category": {
    titles: content.portfolio.filter((p) => p.category === "Healthcare").map((p) => p.title),
    total: content.portfolio.length,
  },
};

/** Font size of the first price in a currency, as drawn. */
const priceSize = (page: Page, symbol: string) =>
  page
    .getByText(new RegExp(`^\\${symbol}\\d`))
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));

async function expectAnswer(page: Page, control: Control): Promise<void> {
  const filtered = FILTERED[control.id];
  if (filtered) await expect(control.shown(page)).toHaveText(filtered.titles);
  else if (control.id === "currency")
    await expect.poll(async () => (await priceSize(page, "$")) > (await priceSize(page, "₹"))).toBe(true);
  else await expect(control.shown(page)).toBeVisible();
  if (control.answer.kind === "focused-field") await expect(control.shown(page)).toBeFocused();
  if (control.replaces) await expect(control.replaces(page)).toBeHidden();
}

async function expectAnswerTakenBack(page: Page, control: Control): Promise<void> {
  const filtered = FILTERED[control.id];
  if (filtered) await expect(control.shown(page)).toHaveCount(filtered.total);
  else if (control.id === "currency")
    await expect.poll(async () => (await priceSize(page, "₹")) > (await priceSize(page, "$"))).toBe(true);
  else await expect(control.shown(page)).toBeHidden();
  if (control.replaces) await expect(control.replaces(page)).toBeVisible();
}

for (const control of CONTROLS.filter((c) => !c.benchOnly)) {
  test.describe(control.title, () => {
    test.use(control.profile === "phone" ? { viewport: PHONE, hasTouch: true } : { viewport: DESKTOP });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript(quietOverlays, control.showsCookieBanner ?? false);
      await page.addInitScript({ content: RECORDER_SCRIPT });
    });

    test(`${control.verb} without fetching anything`, async ({ page }) => {
      const pending = new Set<string>();
      page.on("request", (request) => pending.add(request.url()));
      page.on("requestfinished", (request) => pending.delete(request.url()));
      page.on("requestfailed", (request) => pending.delete(request.url()));
      await page.goto(control.path);
      // A visitor reads before tapping: the page's idle work is done.
      await page.waitForLoadState("networkidle");
      await armRecorder(page, control);
      await act(page, control);
      await expectAnswer(page, control);
      await expect
        .poll(async () => (await recording(page)).visibleAt, { message: "the recorder saw the answer in a frame" })
        .not.toBeNull();
      // Requests started before the answer's frame show up in Resource Timing once they have finished.
      await expect
        .poll(() => pending.size, { message: `requests still in flight: ${[...pending].join(", ")}` })
        .toBe(0);
      const { fetchedBeforeAnswer } = await recording(page);
      expect(
        fetchedBeforeAnswer.map((url) => new URL(url).pathname),
        "requests started between the input and the answer",
      ).toEqual([]);
    });

    test(
      control.needsLoader
        ? "works with every script but the eager loader blocked"
        : "works with every .js request blocked",
      async ({ page }) => {
        if (control.needsLoader) await loaderOnly(page);
        else await page.route("**/*.js", (route) => route.abort());
        await page.goto(control.path);
        await act(page, control);
        await expectAnswer(page, control);
        await control.undo?.(page);
        await expectAnswerTakenBack(page, control);
      },
    );
  });
}

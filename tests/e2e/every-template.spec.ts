import { TIMINGS, WHATSAPP_POPUP_ID } from "../../src/lib/limits.ts";
import { builtRoutes, expect, test } from "./fixtures.ts";
import { DESKTOP, expectNoAxeViolations, expectScriptBudget, loadAndIdle, wakeIslands } from "./page-checks.ts";

/** Every prerendered route and the two not-found views. */
const ROUTES = [...builtRoutes().pages, "/no-such-page", "/products/no-such-product"];

/** Routes drawn by one route module of src/pages share its template; the five policies share policy-route.tsx. */
function template(route: string): string {
  if (["/cookies", "/disclaimer", "/privacy", "/refund", "/terms"].includes(route)) return "policy";
  if (route === "/products/no-such-product") return "products/_404";
  if (/^\/(products|blog)\/[^/]+$/.test(route)) return `${route.split("/")[1]}/[item]`;
  if (/^\/newsletter\/(?!confirm$|unsubscribe$)/.test(route)) return "newsletter/[outcome]";
  return route;
}

/** The first route of each template: its layout and colours at the other width and in the other theme. */
const TEMPLATES = ROUTES.filter((route, i) => ROUTES.findIndex((other) => template(other) === template(route)) === i);

/**
 * The WhatsApp popup is the shell's (src/layouts/shell.tsx), the same markup and styles on every page: it is scanned
 * on the first template's run, not again on every page (a scan of it costs a third of a full page's). Any other
 * dialog that opens by itself is scanned wherever it opens.
 */
const POPUP_ROUTE = TEMPLATES[0];

/**
 * Each route is visited once on a phone in the light theme (every-route.spec.ts). Each page template is visited
 * again on a desktop in the dark theme, so that every template is scanned in both themes and at both widths: no
 * accessibility violations, and the script budget of a desktop window (an island woken by a media query would show
 * there), in a browser context of its own, with an empty cache.
 */
test.describe(`at ${DESKTOP.width} px wide, dark theme`, () => {
  test.use({ viewport: DESKTOP, colorScheme: "dark" });

  for (const route of TEMPLATES) {
    test(`${route} stays in its script budget and has no accessibility violations`, async ({ page }) => {
      // One or two axe scans of a whole page: about 3 s each on a quiet machine, up to a minute on a loaded one.
      test.setTimeout(180_000);
      const loaded = await loadAndIdle(page, route);
      await expectScriptBudget(page, `${route} at ${DESKTOP.width} px`, loaded);
      await wakeIslands(page);
      await expectNoAxeViolations(page, `${route} with every island awake`);

      // Dialogs that open by themselves later (the WhatsApp popup after its delay) are part of the page too.
      await page.clock.runFor(TIMINGS.whatsappPopupMs + 1_000);
      const scanned = route === POPUP_ROUTE ? "dialog[open]" : `dialog[open]:not(#${WHATSAPP_POPUP_ID})`;
      if (route === POPUP_ROUTE) await expect(page.locator(`#${WHATSAPP_POPUP_ID}`)).toBeVisible();
      if ((await page.locator(scanned).count()) > 0)
        await expectNoAxeViolations(page, `${route}: dialogs open after a while`, scanned);
    });
  }
});

import type { Page } from "@playwright/test";
import { TIMINGS, WHATSAPP_POPUP_ID } from "../../src/lib/limits.ts";
import { axe, builtRoutes, expect, test } from "./fixtures.ts";

/** Phone and desktop widths of issue 9. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

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

/**
 * Axe runs once per route and once more per template and theme, not per route × width × theme: every route at
 * the phone width in the light theme (its own content), and the first route of each template also in the dark theme
 * on a phone and in both themes on a desktop (its layout and colours at the other width and theme).
 */
const RUNS: { route: string; viewport: typeof PHONE; theme: "light" | "dark" }[] = ROUTES.flatMap((route, i) => {
  const first = ROUTES.findIndex((other) => template(other) === template(route)) === i;
  return [
    { route, viewport: PHONE, theme: "light" as const },
    ...(first
      ? [
          { route, viewport: PHONE, theme: "dark" as const },
          { route, viewport: DESKTOP, theme: "light" as const },
          { route, viewport: DESKTOP, theme: "dark" as const },
        ]
      : []),
  ];
});

/**
 * The WhatsApp popup is the shell's (src/layouts/shell.tsx), the same markup and styles on every page: it is scanned
 * on the first route's runs, one per width and theme, not again on every route (a scan of it costs a third of a
 * full page's). Any other dialog that opens by itself is scanned wherever it opens.
 */
const POPUP_ROUTE = ROUTES[0];

/** Long enough for idle islands (the loader's requestIdleCallback timeout is 3 s) and a first carousel step. */
const SETTLE_MS = 3_500;

/**
 * Shows the page the way a visitor who scrolls through it sees it: idle islands woken, every island scrolled into
 * view and hydrated. The clock is Playwright's, so carousels and timers advance the same way on every run.
 */
async function settle(page: Page): Promise<void> {
  await page.clock.runFor(SETTLE_MS);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.mouse.wheel(0, step);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState("networkidle");
  // Islands woken on load, when idle or when visible must be awake by now (but one in a closed dialog, which is never
  // seen); the others (interaction, a media query, a URL parameter) are scanned as the server rendered them.
  const asleep = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("site-island")]
        .filter(
          (el) => /^(load|idle|visible)$/.test(el.dataset.hydrate ?? "visible") && !el.hasAttribute("data-hydrated"),
        )
        .filter((el) => !el.closest("dialog:not([open])"))
        .map((el) => el.dataset.island),
    );
  await expect.poll(asleep, { message: "islands that should have hydrated by now" }).toEqual([]);
  await animationsDone(page);
}

/** Waits for running CSS animations and transitions that end (fade-ins), so colours are measured at rest. */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** One line per violated rule, with the elements involved: enough to find and fix it. */
function describeViolation(v: AxeViolation): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map(
      (n) =>
        `${n.target.map(String).join(" ")}${n.failureSummary ? ` (${n.failureSummary.split("\n").slice(1).join(" ").trim()})` : ""}`,
    );
  const more = v.nodes.length > 5 ? `; and ${v.nodes.length - 5} more` : "";
  return `${v.id} [${v.impact ?? "?"}] ${v.help}: ${nodes.join("; ")}${more}`;
}

for (const { route, viewport, theme } of RUNS) {
  test.describe(`at ${viewport.width} px wide, ${theme} theme`, () => {
    test.use({ viewport, colorScheme: theme });

    test(`${route} has no accessibility violations`, async ({ page }) => {
      // One or two axe scans of a whole page: about 3 s each on a quiet machine, up to a minute on one loaded by four
      // runs' browsers (seen: the home page's two scans took 125 s, before they ran in the page, 60 s after).
      test.setTimeout(180_000);
      await page.clock.install();
      await page.goto(route);
      await settle(page);
      const results = await axe(page).analyze();
      expect(results.violations.map(describeViolation), "the page as loaded and scrolled").toEqual([]);

      // Dialogs that open by themselves later (the WhatsApp popup after its delay) are part of the page too.
      await page.clock.runFor(TIMINGS.whatsappPopupMs + 1_000);
      const scanned = route === POPUP_ROUTE ? "dialog[open]" : `dialog[open]:not(#${WHATSAPP_POPUP_ID})`;
      if ((await page.locator(scanned).count()) === 0) return;
      await animationsDone(page);
      const dialogs = await axe(page).include(scanned).analyze();
      expect(dialogs.violations.map(describeViolation), "dialogs open after a while").toEqual([]);
    });
  });
}

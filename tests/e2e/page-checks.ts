import type { Page } from "@playwright/test";
import { BYTE_BUDGETS, formatKb } from "../quality/budgets.ts";
import { axe, expect } from "./fixtures.ts";

/**
 * The checks every page gets, shared by every-route.spec.ts (each route once, on a phone in the light theme) and
 * every-template.spec.ts (each page template again in the dark theme and on a desktop).
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * How long a visitor reads without touching anything (issue 15). Run on Playwright's clock, so the loader's idle
 * callbacks (requestIdleCallback, 3 s timeout) and every timer due in that time fire without waiting for real.
 */
const IDLE_MS = 6_000;

/**
 * Loads `route` on a fresh clock, lets it sit IDLE_MS untouched and returns its answer and the scripts it fetched:
 * compressed bytes as the browser received them (body as transferred, plus headers).
 */
export async function loadAndIdle(page: Page, route: string) {
  const fetched: Promise<string>[] = [];
  let bytes = 0;
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    fetched.push(
      request.sizes().then((sizes) => {
        bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        return `${new URL(request.url()).pathname} (${sizes.responseBodySize} bytes)`;
      }),
    );
  });
  await page.clock.install();
  const response = await page.goto(route);
  await page.clock.runFor(IDLE_MS);
  await page.waitForLoadState("networkidle");
  const scripts = await Promise.all(fetched);
  return { response, bytes, scripts };
}

/**
 * Issue 15: no page fetches React (or any large script) before the visitor interacts. The code of the page's forms
 * and search is prefetched once the page is idle (rel=prefetch: lowest priority, never run), and no island wakes.
 * That the page reached its idle work is seen, not assumed: every dormant island's code is prefetched by then.
 */
export async function expectScriptBudget(page: Page, label: string, loaded: Awaited<ReturnType<typeof loadAndIdle>>) {
  expect(loaded.bytes, `${label} fetched ${formatKb(loaded.bytes)}: ${loaded.scripts.join(", ")}`).toBeLessThanOrEqual(
    BYTE_BUDGETS.scriptBeforeInteraction,
  );
  await expect(page.locator("site-island[data-hydrated]")).toHaveCount(0);
  const prefetch = await page.evaluate(() => ({
    wanted: [...document.querySelectorAll<HTMLElement>("site-island[data-prefetch]")].flatMap((el) =>
      (el.dataset.prefetch ?? "").split(" ").filter(Boolean),
    ),
    linked: [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  }));
  expect(prefetch.linked, `${label}: the idle prefetch ran`).toEqual(expect.arrayContaining(prefetch.wanted));
}

/**
 * Wakes every island the way a visitor would: hover and focus it, scroll it into view, fire the events it waits for,
 * click the ones that wait to be used (on the island itself, not a control, so the site search wakes without opening).
 * Ends scrolled back to the top.
 */
export async function wakeIslands(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const island of document.querySelectorAll<HTMLElement>("site-island")) {
      const hydrate = island.dataset.hydrate ?? "";
      if (hydrate.startsWith("event:")) dispatchEvent(new Event(hydrate.slice("event:".length)));
      if (hydrate === "click") island.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      island.querySelector("island-root > *")?.scrollIntoView({ block: "center" });
      island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      await frame(); // lets an island that waits to be visible see itself
    }
    window.scrollTo(0, 0);
  });
  // An island inside a closed dialog (the purchase form) wakes when its dialog opens, which takes no width here.
  await expect
    .poll(() =>
      page
        .locator("site-island:not([data-hydrated])")
        .evaluateAll((els) =>
          els.filter((el) => !el.closest("dialog:not([open])")).map((el) => el.getAttribute("data-island")),
        ),
    )
    .toEqual([]);
}

/** Waits for running CSS animations and transitions that end (fade-ins), so colours are measured at rest. */
export async function animationsDone(page: Page): Promise<void> {
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

/** Axe over the page (or the part `include` selects), at rest: the violations, one line each, must be none. */
export async function expectNoAxeViolations(page: Page, what: string, include?: string): Promise<void> {
  await animationsDone(page);
  const scan = axe(page);
  const results = await (include ? scan.include(include) : scan).analyze();
  expect(results.violations.map(describeViolation), what).toEqual([]);
}

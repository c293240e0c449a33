import type { Page, Request } from "@playwright/test";
import { BYTE_BUDGETS, formatKb } from "../quality/budgets.ts";
import { axe, expect, test } from "./fixtures.ts";

/**
 * The checks every page gets, shared by every-route.spec.ts (each route once, on a phone in the light theme) and
 * every-template.spec.ts (each page template again in the dark theme and on a desktop).
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * How long a visitor reads without touching anything. Run on Playwright's clock, so the loader's idle
 * callbacks (requestIdleCallback, 3 s timeout) and every timer due in that time fire without waiting for real.
 */
const IDLE_MS = 6_000;

/**
 * Loads `route` on a fresh clock, lets it sit IDLE_MS untouched and returns its answer, the scripts it fetched
 * (compressed bytes as the browser received them: body as transferred, plus headers) and the script it fetched ahead
 * and never ran: responses to prefetches (`Sec-Purpose: prefetch`) that no script or import asked for again.
 */
export async function loadAndIdle(page: Page, route: string) {
  const fetched: Promise<{ line?: string; bytes: number; ahead?: string; ran?: string }>[] = [];
  const open = new Set<Request>();
  const ended = new Set<string>();
  page.on("request", (request) => open.add(request));
  const end = (request: Request) => {
    open.delete(request);
    ended.add(request.url());
  };
  page.on("requestfailed", end);
  page.on("requestfinished", (request) => {
    end(request);
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "script")
      fetched.push(
        request.sizes().then((sizes) => ({
          line: `${pathname} (${sizes.responseBodySize} bytes)`,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          ran: pathname,
        })),
      );
    else if (pathname.endsWith(".js"))
      fetched.push(
        Promise.all([request.sizes(), request.headerValue("sec-purpose")]).then(([sizes, purpose]) => ({
          bytes: 0,
          ahead: purpose?.startsWith("prefetch") ? `${pathname} ${sizes.responseBodySize}` : undefined,
        })),
      );
  });
  await page.clock.install();
  const response = await page.goto(route);
  await page.clock.runFor(IDLE_MS);
  await everyRequestEnded(page, open, ended);
  const seen = await Promise.all(fetched);
  const ran = new Set(seen.map((s) => s.ran));
  const ahead = seen.flatMap((s) => (s.ahead ? [s.ahead.split(" ")] : []));
  const neverRun = ahead.filter(([path]) => !ran.has(path));
  return {
    response,
    bytes: seen.reduce((sum, s) => sum + s.bytes, 0),
    scripts: seen.flatMap((s) => (s.line ? [s.line] : [])),
    neverRun: neverRun.map(([path]) => path ?? ""),
    neverRunBytes: neverRun.reduce((sum, [, size]) => sum + Number(size), 0),
  };
}

/**
 * Waits until every request the page has made has ended, the prefetches its idle work asked for included. A prefetch
 * link the page has added but whose request the browser has not reported yet is in the page's own list of links. A
 * visit without input fetches nothing in a second step (a prefetch is not run, so it imports nothing; its links name
 * the chunk and what it imports), so once these have ended nothing more starts. Playwright's networkidle gives the
 * same answer after 500 ms more of silence, on every page.
 */
async function everyRequestEnded(page: Page, open: Set<Request>, ended: Set<string>): Promise<void> {
  const asked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href),
  );
  await expect
    .poll(() => [...open].map((request) => request.url()).concat(asked.filter((url) => !ended.has(url))), {
      message: "requests still in flight",
      intervals: [10, 25, 50],
      timeout: 30_000,
    })
    .toEqual([]);
}

/**
 * No page fetches React (or any large script) before the visitor interacts, and no island wakes. Also:
 * what is fetched ahead (the code of a form on screen or of a dialog the visitor reaches for) and never run stays in
 * its budget; a visit without input reaches for nothing.
 */
export async function expectScriptBudget(page: Page, label: string, loaded: Awaited<ReturnType<typeof loadAndIdle>>) {
  expect(loaded.bytes, `${label} fetched ${formatKb(loaded.bytes)}: ${loaded.scripts.join(", ")}`).toBeLessThanOrEqual(
    BYTE_BUDGETS.scriptBeforeInteraction,
  );
  // In the report for the numbers across routes (the JSON reporter keeps annotations).
  test.info().annotations.push({ type: "script never run", description: `${label} ${loaded.neverRunBytes}` });
  expect(
    loaded.neverRunBytes,
    `${label} fetched ${formatKb(loaded.neverRunBytes)} of script ahead that never ran: ${loaded.neverRun.join(", ")}`,
  ).toBeLessThanOrEqual(BYTE_BUDGETS.scriptNeverRun);
  await expect(page.locator("site-island[data-hydrated]")).toHaveCount(0);
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

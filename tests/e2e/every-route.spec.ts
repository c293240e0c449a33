import type { Page } from "@playwright/test";
import { TIMINGS } from "../../src/lib/limits.ts";
import { builtRoutes, expect, test } from "./fixtures.ts";
import { expectNoAxeViolations, expectScriptBudget, loadAndIdle, PHONE, wakeIslands } from "./page-checks.ts";

const { pages } = builtRoutes();
/** The two not-found views a visitor can land on. */
const NOT_FOUND = ["/products/no-such-product", "/no-such-page"];

/** A small phone, a common phone and a portrait tablet: none may scroll sideways. */
const WIDTHS = [320, 390, 768] as const;

/** How much wider than the window the document is, in CSS pixels (0 when nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Which elements stick out past the right edge, to name the culprit when the test fails. */
const culprits = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(el).position !== "fixed",
      )
      .slice(0, 5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${el.className} (right ${Math.round(el.getBoundingClientRect().right)})`,
      ),
  );

/** At phone and tablet widths the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, route: string, phase: "before" | "after", widths: readonly number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: PHONE.height });
    const wider = await overflow(page);
    // The culprits are looked for only when there are some: measuring every element costs more than the check.
    const named = wider > 0 ? (await culprits(page)).join(", ") : "";
    expect(wider, `${route} at ${width} px ${phase} islands wake: ${named}`).toBeLessThanOrEqual(0);
  }
}

/**
 * One visit per route, on a phone in the light theme: what it answers (status, no console errors), the scripts it fetches while the visitor reads, that it never scrolls sideways before or after its
 * islands wake, and no accessibility violations with every island awake. Each page template again in the dark theme
 * and on a desktop: every-template.spec.ts. Component behaviour lives in the page specs.
 */
test.describe("every route", () => {
  test.use({ viewport: PHONE, colorScheme: "light" });

  for (const route of [...pages, ...NOT_FOUND]) {
    const missing = NOT_FOUND.includes(route);
    test(`${route} answers ${missing ? 404 : 200}, stays in its script budget, never scrolls sideways at ${WIDTHS.join(", ")} px, logs no errors and has no accessibility violations`, async ({
      page,
      consoleErrors,
    }) => {
      // One visit does what four tests did (status, width, scripts, an axe scan of the whole page): their time.
      test.slow();
      // The WhatsApp popup (fixed, it takes no width) stays away: every-template.spec.ts scans it.
      await page.addInitScript(() => sessionStorage.setItem("whatsappPopupShown", "true"));
      const loaded = await loadAndIdle(page, route);
      // Title, canonical URL and the one h1 of each built page: tests/quality/seo.test.ts.
      expect(loaded.response?.status()).toBe(missing ? 404 : 200);
      await expectScriptBudget(page, route, loaded);
      // A missing page logs its path on purpose (checked below); every other route logs no error.
      if (!missing) expect(consoleErrors).toEqual([]);

      await expectNoSidewaysScroll(page, route, "before", WIDTHS);
      await wakeIslands(page);
      await expectNoSidewaysScroll(page, route, "after", [...WIDTHS].reverse());

      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, `${route} with every island awake`);
      // A dialog that opens by itself later is part of the page too (none does but the popup, which is held back).
      await page.clock.runFor(TIMINGS.whatsappPopupMs + 1_000);
      if ((await page.locator("dialog[open]").count()) > 0)
        await expectNoAxeViolations(page, `${route}: dialogs open after a while`, "dialog[open]");
    });
  }
});

test("a path with a trailing slash shows the same page", async ({ page }) => {
  const response = await page.goto("/about/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toContainText("About");
});

for (const [url, heading, back] of [
  ["/no-such-page", "Oops! Page not found", ["Return to Home", "/"]],
  ["/blog/no-such-post", "Oops! Page not found", ["Return to Home", "/"]],
  ["/products/no-such-product", "Product Not Found", ["Back to Products", "/products"]],
] as const)
  test(`${url} answers 404 with ${heading}, a way back, not indexed, and logs the path`, async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => logged.push(m.text()));
    expect((await page.goto(url))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    // The site's not-found page shows its code; a missing product says so in its heading.
    if (heading.startsWith("Oops")) await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: back[0] })).toHaveAttribute("href", back[1]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    expect(logged.some((line) => line.includes(url))).toBe(true);
  });

test("a crafted path of thousands of /_ segments answers 404 with the not-found page", async ({ request }) => {
  // 4,000 segments: an 8 KB URL, the most CloudFront forwards; the lookup stops at the segment cap.
  const response = await request.get("/_".repeat(4000));
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Oops! Page not found");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("pages are complete: products, articles and policies are readable", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("link", { name: "Astroway" }).first()).toBeVisible();
    await page.goto(`/blog/${pages.find((p) => p.startsWith("/blog/"))?.slice(6)}`);
    await expect(page.locator("article p").first()).toBeVisible();
    await page.goto("/refund");
    await expect(page.getByText("Last updated January 1, 2025")).toBeVisible();
  });
});

test("hashed assets are cached for a year, pages are revalidated", async ({ request }) => {
  const html = await request.get("/");
  expect(html.headers()["cache-control"]).toContain("must-revalidate");
  const src = (await html.text()).match(/src="(\/assets\/loader-[^"]+)"/)?.[1];
  expect(src).toBeDefined();
  const asset = await request.get(src ?? "");
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("the data pages fetch (search index, blog list, explorer panels) is revalidated like the pages, never an hour stale after a deploy", async ({
  request,
}) => {
  for (const url of ["/search-index.json", "/blog/posts.json", "/products/explorer-panels.json"]) {
    const response = await request.get(url);
    expect(`${url} ${response.status()} ${response.headers()["content-type"]}`).toBe(
      `${url} 200 application/json; charset=utf-8`,
    );
    expect(response.headers()["cache-control"], url).toBe("public, max-age=0, must-revalidate");
  }
});

test("share cards, icons and the web manifest are served with their types, and not as pages", async ({ request }) => {
  for (const [url, type] of [
    ["/og/products/esim.png", "image/png"],
    ["/og/products/404.png", "image/png"],
    ["/favicon.ico", "image/x-icon"],
    ["/apple-touch-icon.png", "image/png"],
    ["/site.webmanifest", "application/manifest+json"],
  ]) {
    const response = await request.get(url ?? "");
    expect(`${url} ${response.status()} ${response.headers()["content-type"]}`).toMatch(`${url} 200 ${type}`);
    expect(response.headers()["cache-control"]).not.toContain("immutable");
  }
});

test("responses are compressed", async ({ request }) => {
  const response = await request.get("/", { headers: { "accept-encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

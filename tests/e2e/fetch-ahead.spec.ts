import type { Page } from "@playwright/test";
import { asReturningVisitor, expect, test } from "./fixtures.ts";
import { DESKTOP } from "./page-checks.ts";

/**
 * Island code is fetched ahead (rel=prefetch, never run) only for what the visitor is heading to, and only
 * when the connection allows. The rule is in src/client/island-runtime.ts; its cases are unit-tested there, this is
 * its wiring in a real page. A visit without input fetches no code ahead on any route (every-route.spec.ts). The page
 * sheets (a few KB of CSS, once a visit) are fetched ahead once the page is idle (src/client/next-page.ts).
 */

test.use({ viewport: DESKTOP });

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** Paths of the requests the page sends from now on, each marked whether it is a prefetch. */
function watchRequests(page: Page) {
  const requested: { path: string; ahead: boolean }[] = [];
  page.on("request", async (request) => {
    // A request still starting as the test ends has no headers to read; it is not one the test waits for.
    const purpose = (await request.headerValue("sec-purpose").catch(() => null)) ?? "";
    requested.push({ path: new URL(request.url()).pathname, ahead: purpose.startsWith("prefetch") });
  });
  return requested;
}

// /contact: its form is on a desktop's first screen.
test("a form on screen has its code fetched ahead, not run, once someone is at the page", async ({ page }) => {
  const requested = watchRequests(page);
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const form = page.locator("site-island[data-island='contact-form']");
  const chunk = (await form.getAttribute("data-src")) ?? "";
  // No code before someone is at the page (the page sheets are CSS, fetched at idle: the last test).
  expect(requested.filter((r) => r.ahead && r.path.endsWith(".js"))).toEqual([]);

  await page.mouse.move(4, 300);
  await page.mouse.move(8, 320);
  await expect.poll(() => requested.filter((r) => r.path === chunk)).toEqual([{ path: chunk, ahead: true }]);
  await expect(form).not.toHaveAttribute("data-hydrated", "");
});

test("with Save-Data nothing is fetched ahead, and the form still wakes when used", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
  });
  const requested = watchRequests(page);
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const form = page.locator("site-island[data-island='contact-form']");
  const chunk = (await form.getAttribute("data-src")) ?? "";
  await page.mouse.move(4, 300);
  await page.mouse.move(8, 320);
  // Reaching for the search control would fetch the search's code ahead on any other connection.
  await page.getByRole("banner").getByRole("button", { name: "Search" }).hover();
  await page.waitForLoadState("networkidle");
  expect(requested.filter((r) => r.ahead)).toEqual([]);

  await form.getByLabel("Full Name").focus();
  await expect(form).toHaveAttribute("data-hydrated", "");
  expect(requested.filter((r) => r.path === chunk).map((r) => r.ahead)).toEqual([false]);
});

/** The stylesheets a built page links, in order. */
const sheetsOf = async (page: Page, path: string) =>
  [...(await (await page.request.get(path)).text()).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );

/** The site's pages a built page links to (anchors), without query, fragment or trailing slash. */
const linkedPages = async (page: Page, path: string) => [
  ...new Set(
    [...(await (await page.request.get(path)).text()).matchAll(/<a\s[^>]*?href="(\/[^/"][^"]*|\/)"/g)].map((match) =>
      (match[1] ?? "").replace(/[?#].*$/, "").replace(/(.)\/$/, "$1"),
    ),
  ),
];

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("once the page is idle, the sheets of the pages it links to are fetched ahead, none other, and the next page takes its own from the cache", async ({
    page,
  }) => {
    const aboutSheets = await sheetsOf(page, "/about");
    const wanted = new Set<string>();
    for (const linked of await linkedPages(page, "/about"))
      for (const sheet of await sheetsOf(page, linked)) if (!aboutSheets.includes(sheet)) wanted.add(sheet);
    const productSheets = await sheetsOf(page, "/products/astroway");
    const notLinked = productSheets.filter((sheet) => !aboutSheets.includes(sheet));
    expect(notLinked.length).toBeGreaterThan(0);
    const requested = watchRequests(page);
    // Held still: nothing the page does at idle may start before the test lets time move.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto("/about");
    await page.waitForLoadState("load");
    const aheadSheets = () => requested.filter((r) => r.ahead && r.path.endsWith(".css")).map((r) => r.path);
    // Not before the page's own work is done (the loader waits for an idle moment after load).
    expect(aheadSheets()).toEqual([]);

    // No input at all: a visitor who taps a link on the first screen gives no sign of being there before the tap.
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        return aheadSheets().sort();
      })
      .toEqual([...wanted].sort());
    // Not the editor's sheet: no page of the site links to /admin.
    expect(aheadSheets().filter((sheet) => sheet.includes("/draft-"))).toEqual([]);
    await page.waitForLoadState("networkidle");

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const fromCache = new Set<string>();
    cdp.on("Network.responseReceived", ({ response }) => {
      if (response.fromDiskCache || response.fromPrefetchCache) fromCache.add(new URL(response.url).pathname);
    });
    await page.goto("/products/astroway");
    await page.waitForLoadState("load");
    expect(notLinked.filter((sheet) => !fromCache.has(sheet))).toEqual([]);
  });
});

test("where a pointer hovers, nothing is fetched while idle that the rest on a link fetches anyway: no sheets, no explorer panels", async ({
  page,
}) => {
  const requested = watchRequests(page);
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("region", { name: "Explore Our Ready-Made Apps" }).scrollIntoViewIfNeeded();
  await page.clock.runFor(6_000);
  await page.waitForLoadState("networkidle");
  const idle = requested.filter((r) => r.ahead || r.path.endsWith(".json")).map((r) => r.path);
  expect(idle).toEqual([]);
  // The pointer reaching the explorer fetches its panels, before any choice.
  await page.getByRole("region", { name: "Explore Our Ready-Made Apps" }).hover();
  await expect.poll(() => requested.filter((r) => r.path === "/products/explorer-panels.json").length).toBe(1);
});

import type { Page } from "@playwright/test";
import { asReturningVisitor, expect, test } from "./fixtures.ts";

/**
 * The next page is fetched before the tap that opens it (src/client/next-page.ts, rules in
 * src/lib/speculation-rules.ts). Chromium under automation parses speculation rules and lists their candidates but
 * never acts on them, so the rules are checked through the DevTools protocol's Preload domain (that they act, in a
 * driverless Chromium: tests/cross-engine/prerender.test.ts); the fetch on hover,
 * focus and pointer down, which every engine gets, is checked by counting what reaches the network. Timers run on
 * Playwright's clock: nothing here waits for real time.
 */

/** Links the page must never fetch ahead, added to the home page for the test; each is a page that exists. */
const EXCLUDED: { href: string; label: string; rel?: string; marked?: boolean }[] = [
  { href: "/api/send-contact-email", label: "an endpoint" },
  { href: "/newsletter/unsubscribe?token=abc", label: "a newsletter link" },
  { href: "/search?q=crm", label: "search results" },
  { href: "/docs/esim-documentation.pdf", label: "a PDF" },
  { href: "https://example.com/products", label: "an external page" },
  { href: "/faq?from=nofollow", label: "a nofollow link", rel: "nofollow" },
  { href: "/faq?from=marked", label: "a link marked data-no-speculate", marked: true },
];
/** An ordinary internal page, reached from home. */
const NEXT = "/products/astroway";

/** An ordinary link added with the excluded ones: once it is a candidate, Chromium has seen them all. */
const ADDED_ALLOWED: (typeof EXCLUDED)[number] = { href: "/faq?from=allowed", label: "an ordinary link" };

async function addExcludedLinks(page: Page) {
  await page.evaluate(
    (links) => {
      const list = document.createElement("ul");
      list.id = "excluded-links";
      for (const { href, label, rel, marked } of links) {
        const link = Object.assign(document.createElement("a"), { href, textContent: label });
        if (rel) link.rel = rel;
        if (marked) link.dataset.noSpeculate = "";
        const item = document.createElement("li");
        item.append(link);
        list.append(item);
      }
      document.querySelector("main")?.prepend(list);
    },
    [...EXCLUDED, ADDED_ALLOWED],
  );
}

/**
 * Requests for `pathname` (any query) that reached the server, and those answered by the browser's caches (the HTTP
 * cache or the speculation rules' prefetch cache). Only a request that went out has raw response headers to report.
 */
async function countRequests(page: Page, pathname: string) {
  const cdp = await page.context().newCDPSession(page);
  const ours = new Set<string>();
  const wentOut = new Set<string>();
  let seen = 0;
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    if (new URL(request.url).pathname !== pathname) return;
    ours.add(requestId);
    seen += 1;
  });
  cdp.on("Network.responseReceivedExtraInfo", ({ requestId }) => wentOut.add(requestId));
  await cdp.send("Network.enable");
  return {
    /** Requests for the page that went to the server. */
    network: () => [...ours].filter((id) => wentOut.has(id)).length,
    /** Every request for the page, wherever it was answered. */
    all: () => seen,
  };
}

/** How the page's own document arrived: 0 bytes when the browser had it already. */
const documentTransferSize = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).transferSize);

/**
 * The engines the fetch ahead is written for, emulated in Chromium by hiding what they lack: Firefox has no
 * speculation rules (so src/client/next-page.ts fetches on hover and press itself, with rel=prefetch), WebKit has
 * neither (a plain fetch()).
 */
const ENGINES = [
  { name: "Chromium", hide: [] },
  { name: "an engine without speculation rules (Firefox)", hide: ["speculationrules"] },
  { name: "an engine without speculation rules or rel=prefetch (Safari)", hide: ["speculationrules", "prefetch"] },
] as const;

async function emulate(page: Page, hide: readonly string[]) {
  await page.addInitScript((hidden) => {
    const scriptSupports = HTMLScriptElement.supports.bind(HTMLScriptElement);
    HTMLScriptElement.supports = (type) => !hidden.includes(type) && scriptSupports(type);
    const tokenSupports = DOMTokenList.prototype.supports;
    DOMTokenList.prototype.supports = function (token) {
      return !hidden.includes(token) && tokenSupports.call(this, token);
    };
  }, hide);
}

/** A link to NEXT outside the hero carousel, whose slides turn on a timer. */
const nextLink = (page: Page) =>
  page.locator(`main a[href="${NEXT}"]:not(.hero-slide)`).filter({ visible: true }).first();

/**
 * Stops the page's clock (installed before it loaded) after the load: hovering takes real time, and the resting delay
 * must pass only when the test says so.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/**
 * Opens home on a paused clock and rests the pointer on the link to NEXT past the resting delay; returns the link and
 * the count of requests for NEXT (countRequests).
 */
async function restOnNextLink(page: Page) {
  await page.clock.install();
  const requests = await countRequests(page, NEXT);
  await page.goto("/");
  await pauseClock(page);
  const link = nextLink(page);
  await link.hover();
  await page.clock.runFor(200);
  return { link, requests };
}

const prefetched = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')]
      .map((link) => new URL(link.href))
      .filter((url) => !url.pathname.startsWith("/assets/"))
      .map((url) => url.pathname + url.search),
  );

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("Chromium parses the speculation rules without error and lists internal links, none of the excluded, as candidates", async ({
  page,
  consoleErrors,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const ruleSets: { sourceText: string; errorType?: string; errorMessage?: string }[] = [];
  let candidates: { action: string; url: string }[] = [];
  cdp.on("Preload.ruleSetUpdated", ({ ruleSet }) => ruleSets.push(ruleSet));
  cdp.on("Preload.preloadingAttemptSourcesUpdated", ({ preloadingAttemptSources }) => {
    candidates = preloadingAttemptSources.map(({ key }) => ({ action: key.action, url: key.url }));
  });
  await cdp.send("Preload.enable");
  await page.goto("/");
  await addExcludedLinks(page);
  await expect.poll(() => candidates.some(({ url }) => url.endsWith(ADDED_ALLOWED.href))).toBe(true);

  expect(ruleSets).toHaveLength(1);
  expect(ruleSets[0]?.errorType, ruleSets[0]?.errorMessage).toBeUndefined();
  const internal = ["/contact", "/products", NEXT, "/blog"].map((path) => new URL(path, page.url()).href);
  for (const action of ["Prerender", "Prefetch"]) {
    const urls = candidates.filter((candidate) => candidate.action === action).map((candidate) => candidate.url);
    expect(urls, action).toEqual(expect.arrayContaining(internal));
    for (const { href } of EXCLUDED) expect(urls, action).not.toContain(new URL(href, page.url()).href);
    expect(urls.filter((url) => /\/(docs|api|newsletter|search)\b/.test(url) || !url.startsWith(page.url()))).toEqual(
      [],
    );
  }
  expect(consoleErrors).toEqual([]);
});

for (const engine of ENGINES) {
  test.describe(`in ${engine.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await emulate(page, engine.hide);
    });

    test("resting the pointer on an internal link fetches its document once, and the tap opens it from the cache", async ({
      page,
      consoleErrors,
    }) => {
      const { link, requests } = await restOnNextLink(page);
      await expect.poll(requests.network).toBe(1);
      await link.click();
      await page.waitForURL(`**${NEXT}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The navigation asked for the page (a second request) and the browser answered it without the server.
      expect([requests.all(), requests.network()]).toEqual([2, 1]);
      expect(consoleErrors).toEqual([]);
    });

    test("pressing an internal link fetches its document before the click, once", async ({ page }) => {
      const requests = await countRequests(page, NEXT);
      await page.goto("/");
      await nextLink(page).scrollIntoViewIfNeeded();
      const box = await nextLink(page).boundingBox();
      if (!box) throw new Error(`no box for ${NEXT}`);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await expect.poll(requests.network).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/");
      await page.mouse.up();
      await page.waitForURL(`**${NEXT}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(requests.network()).toBe(1);
    });

    test("focusing an internal link from the keyboard fetches its document, and Enter opens it from the cache", async ({
      page,
    }) => {
      const requests = await countRequests(page, "/contact");
      await page.goto("/about");
      const link = page.locator('main a[href="/contact"]').filter({ visible: true }).first();
      await link.focus();
      await expect.poll(requests.network).toBe(1);
      await link.press("Enter");
      await page.waitForURL("**/contact");
      expect(requests.network()).toBe(1);
      expect(await documentTransferSize(page)).toBe(0);
    });
  });
}

for (const engine of ENGINES.slice(0, 2)) {
  test.describe(`on a touch screen, in ${engine.name}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("a content link left in view for a second is fetched before any touch, once, and the tap opens it from the cache", async ({
      page,
    }) => {
      await emulate(page, engine.hide);
      await page.clock.install();
      const requests = await countRequests(page, "/contact");
      await page.goto("/about");
      await pauseClock(page);
      const link = page.locator('main a[href="/contact"]').filter({ visible: true }).first();
      await link.scrollIntoViewIfNeeded();
      // The page's idle moment, then the second in view; the observer reports on frames, which the clock does not run.
      await page.clock.runFor(4000);
      await expect
        .poll(async () => {
          await page.clock.runFor(500);
          return requests.network();
        })
        .toBe(1);
      await link.tap();
      await page.waitForURL("**/contact");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Neither the tap nor Chromium's prefetch on pointer down went to the server again: the cache answered both.
      expect(requests.network()).toBe(1);
    });
  });
}

test("a link passed over without resting on it fetches nothing", async ({ page }) => {
  await emulate(page, ["speculationrules"]);
  await page.clock.install();
  await page.goto("/");
  await pauseClock(page);
  await nextLink(page).hover();
  await page.clock.runFor(20);
  await page.mouse.move(0, 0);
  await page.clock.runFor(500);
  expect(await prefetched(page)).toEqual([]);
});

test("excluded and external links fetch nothing on hover, focus or press", async ({ page }) => {
  await emulate(page, ["speculationrules"]);
  await page.clock.install();
  await page.goto("/");
  await pauseClock(page);
  await addExcludedLinks(page);
  for (const { label } of EXCLUDED) {
    const link = page.getByRole("link", { name: label, exact: true });
    await link.hover();
    await page.clock.runFor(200);
    await link.focus();
    await link.dispatchEvent("pointerdown");
  }
  // The same moves on an ordinary link do fetch it: the listeners were there all along.
  await nextLink(page).hover();
  await page.clock.runFor(200);
  expect(await prefetched(page)).toEqual([NEXT]);
});

for (const [hint, connection] of [
  ["Save-Data", { saveData: true, effectiveType: "4g" }],
  ["a 2g connection", { saveData: false, effectiveType: "2g" }],
] as const) {
  for (const engine of ENGINES.slice(0, 2)) {
    test(`with ${hint}, ${engine.name} adds no speculation rules and fetches nothing ahead`, async ({ page }) => {
      await emulate(page, engine.hide);
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, "connection", { get: () => value, configurable: true });
      }, connection);
      const { link, requests } = await restOnNextLink(page);
      await link.focus();
      await link.dispatchEvent("pointerdown");
      expect(await prefetched(page)).toEqual([]);
      await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
      expect(requests.all()).toBe(0);
    });
  }
}

test("a link on the site opens its page at once, without a view transition (slower on a phone: src/styles/shell.css)", async ({
  page,
}) => {
  await page.addInitScript(() => {
    addEventListener("pagereveal", (event) => {
      sessionStorage.setItem("revealed-with-transition", String(event.viewTransition !== null));
    });
  });
  await page.goto("/about");
  await page.locator('main a[href="/contact"]').filter({ visible: true }).first().click();
  await page.waitForURL("**/contact");
  expect(await page.evaluate(() => sessionStorage.getItem("revealed-with-transition"))).toBe("false");
});

import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { asReturningVisitor, DIST_DIR, expect, SES_URL, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

/**
 * On a touch screen, a tapped link whose page was fetched ahead is shown in the same document
 * (src/client/page-swap.ts). Each test marks the window before the tap: the mark still there afterwards means no new
 * document was loaded. Timers run on Playwright's clock: nothing here waits for real time.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(PHONE);

/** What the build wrote for a page: its title and its stylesheets, in order. */
function built(route: string) {
  const html = readFileSync(path.join(DIST_DIR, route, "index.html"), "utf8");
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "",
    sheets: [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]),
  };
}

/** Requests for the document at `address` (path and query; by a navigation or a fetch) from now on. */
function documentRequests(page: Page, address: string) {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname + url.search === address && ["document", "fetch"].includes(request.resourceType()))
      seen.push(request.resourceType());
  });
  return seen;
}

/** Taps `link` and waits for the page at `to`, drawn once and started (the swap starts it after its first frame). */
async function tapAndWait(page: Page, link: ReturnType<Page["locator"]>, to: string) {
  await link.tap();
  await page.waitForURL(`**${to}`);
  await page.clock.runFor(100);
}

/** Marks the window: a page that keeps the mark was shown in this document. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { beforeTheTap: true }));
const sameDocument = (page: Page) => page.evaluate(() => "beforeTheTap" in window);

/**
 * Opens `from` on a paused clock and leaves the first content link to `to` in view until its page has been fetched
 * and parsed (the page's idle moment, a second in view, the fetch, then an idle moment to parse it).
 */
async function keepPage(page: Page, from: string, to: string, referer?: string) {
  const requests = documentRequests(page, to);
  await page.clock.install();
  await page.goto(from, { referer });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const link = page.locator(`main a[href="${to}"]`).filter({ visible: true }).first();
  await link.scrollIntoViewIfNeeded();
  // The observer reports on frames, which the clock does not run: its second is counted in small steps.
  await expect
    .poll(async () => {
      await page.clock.runFor(500);
      return requests.length;
    })
    .toBe(1);
  await page.waitForLoadState("networkidle");
  await page.clock.runFor(2500);
  await markDocument(page);
  return { link, requests };
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a tapped link whose page was fetched ahead shows that page without loading it again: its title, styles and header, focus at the top, the title announced", async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  // What a screen reader follows: the elements that took focus, by the heading of the page they were in.
  await page.addInitScript(() => {
    const focused: string[] = [];
    Object.assign(window, { focused });
    addEventListener("focusin", ({ target }) => {
      if (target instanceof Element)
        focused.push(`${target.localName} of ${document.querySelector("h1")?.textContent}`);
    });
  });
  const focusedSoFar = () => page.evaluate(() => (window as unknown as { focused: string[] }).focused.splice(0));
  const { link, requests } = await keepPage(page, "/about", "/contact");
  await focusedSoFar();
  await link.tap();
  await page.waitForURL("**/contact");
  // The clock stands still: no frame has run the page's deferred start yet, so this is what its first frame shows.
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/./);
  await expect(page.getByRole("region", { name: "Send Us a Message" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(requests).toEqual(["fetch"]);
  const contact = built("contact");
  await expect(page).toHaveTitle(contact.title);
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => [
        link.getAttribute("href"),
        link.media,
      ]),
    ),
  ).toEqual(contact.sheets.map((href) => [href, ""]));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/contact$/);
  await expect(page.getByRole("main")).toHaveCount(1);
  // Once drawn: focus starts at the top as after a load, and a screen reader hears the new title.
  await page.clock.runFor(200);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: contact.title })).toHaveCount(1);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  expect(await focusedSoFar()).toContain(`body of ${heading}`);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a page swapped in looks as it does when loaded, ${colorScheme}`, async ({ page, browser }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    const { link } = await keepPage(page, "/about", "/contact");
    await tapAndWait(page, link, "/contact");
    await page.clock.runFor(500);
    await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))));
    const swapped = await page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });

    const loaded = await browser.newPage({ ...PHONE, colorScheme, reducedMotion: "reduce" });
    await asReturningVisitor(loaded);
    await loaded.goto(page.url());
    await loaded.evaluate(() =>
      Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
    );
    const fresh = await loaded.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
    await loaded.close();
    expect(swapped.equals(fresh), "the swapped page's pixels differ from the loaded page's").toBe(true);
  });
}

test("the form of a page swapped in sends the lead to the vendor's mailbox, from this site as after a page load", async ({
  page,
  consoleErrors,
}) => {
  // Without analytics consent a lead carries what its own page shows: reached from /about, no search engine.
  const { link } = await keepPage(page, "/about", "/contact", "https://www.google.com/search?q=astroway");
  await tapAndWait(page, link, "/contact");
  // From here on time flows: the toaster's code loads once a frame shows the answer, as for any page.
  await page.clock.resume();
  const form = page.getByRole("region", { name: "Send Us a Message" });
  const email = `e2e-swap-${Date.now()}@example.org`;
  await form.getByRole("textbox", { name: "Full Name" }).fill("Asha Verma");
  await form.getByRole("textbox", { name: "Email Address" }).fill(email);
  await form.getByRole("textbox", { name: "Mobile Number" }).fill("+91 98765 43210");
  await form.getByRole("textbox", { name: "Subject" }).fill("Swapped in");
  await form.getByRole("textbox", { name: "Message" }).fill("Sent from a page shown without a page load.");
  // A person takes more than 2 seconds; a faster form would be dropped as a bot.
  await page.clock.runFor(3_000);
  const request = page.waitForRequest("**/api/send-contact-email");
  await form.getByRole("button", { name: "Send Message" }).tap();
  const sent = (await request).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ email, message: "Sent from a page shown without a page load." });
  expect(sent).not.toHaveProperty("referrer");
  expect(sent).not.toHaveProperty("landingPath");
  await expect(page.getByText("Message sent! We'll get back to you soon.", { exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  await expect
    .poll(async () => {
      const { emails } = (await (await fetch(`${SES_URL}/store`)).json()) as {
        emails: { replyTo: string[]; destination: { to: string[] } }[];
      };
      return emails.filter((mail) => mail.replyTo.includes(email)).length;
    })
    .toBe(1);
  expect(consoleErrors).toEqual([]);
});

test("back shows the page before where it was scrolled to, and forward the next one where it was left", async ({
  page,
}) => {
  const { link } = await keepPage(page, "/about", "/contact");
  const aboutHeading = await page.getByRole("heading", { level: 1 }).textContent();
  const scrolled = await page.evaluate(() => scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await link.tap();
  await page.waitForURL("**/contact");
  const contactHeading = await page.getByRole("heading", { level: 1 }).textContent();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await page.evaluate(() => scrollTo(0, 600));
  await page.clock.runFor(300);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(aboutHeading ?? "");
  await expect(page).toHaveTitle(built("about").title);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(scrolled);
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contactHeading ?? "");
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(600);
  expect(await sameDocument(page)).toBe(true);
});

test("the islands of the page left are unmounted, and none of the page shown", async ({ page }) => {
  const { link } = await keepPage(page, "/about", "/contact");
  // Wakes the search island: its dialog opens on the tap, and its code loads behind it.
  await page.getByRole("button", { name: "Search" }).first().tap();
  const search = page.locator('site-island[data-island="site-search"]');
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return search.getAttribute("data-hydrated");
    })
    .toBe("");
  await page.keyboard.press("Escape");
  await page.evaluate(() => {
    const root = document.querySelector('site-island[data-island="site-search"] island-root');
    Object.assign(window, { leftRoot: root, leftChildren: root?.childElementCount });
  });
  await tapAndWait(page, link, "/contact");
  const after = await page.evaluate(() => {
    const { leftRoot, leftChildren } = window as unknown as { leftRoot: Element; leftChildren: number };
    const mounted = [...(globalThis.siteMountedIslands?.keys() ?? [])];
    return {
      before: leftChildren,
      after: leftRoot.childElementCount,
      listed: mounted.includes(leftRoot),
      disconnected: mounted.filter((root) => !root.isConnected).length,
    };
  });
  expect(after.before).toBeGreaterThan(0);
  expect(after).toMatchObject({ after: 0, listed: false, disconnected: 0 });
});

test("a page's inline scripts run when it is swapped in (an article's share buttons)", async ({ page }) => {
  const post = content.posts[0];
  if (!post) throw new Error("no posts");
  const { link } = await keepPage(page, "/blog", `/blog/${post.slug}`);
  await tapAndWait(page, link, `/blog/${post.slug}`);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("a page from another deploy (another loader) opens with an ordinary page load", async ({ page }) => {
  await page.route("**/contact", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/\/assets\/loader-[\w-]+\.js/, "/assets/loader-NEWDEPLOY.js");
    await route.fulfill({ response, body });
  });
  const { link } = await keepPage(page, "/about", "/contact");
  await page.unroute("**/contact");
  await link.tap();
  await page.waitForURL("**/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

test("a page kept longer than a page may be cached is asked for again with an ordinary page load", async ({ page }) => {
  const { link, requests } = await keepPage(page, "/about", "/contact");
  await page.clock.runFor(301_000);
  await link.tap();
  await page.waitForURL("**/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
  expect(requests).toEqual(["fetch", "document"]);
});

test("back then forward at once, while the page before is still coming, shows the page of the address", async ({
  page,
}) => {
  const { link } = await keepPage(page, "/about", "/contact");
  await tapAndWait(page, link, "/contact");
  const contact = await page.getByRole("heading", { level: 1 }).textContent();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/about", async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => history.back());
  await page.waitForURL("**/about");
  await page.evaluate(() => history.forward());
  await page.waitForURL("**/contact");
  const arrived = page.waitForResponse("**/about");
  release();
  await arrived;
  await page.clock.runFor(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact ?? "");
  await expect(page).toHaveTitle(built("contact").title);
  expect(await sameDocument(page)).toBe(true);
});

test("what the visitor typed in a page is there again when back brings it", async ({ page }) => {
  const post = content.posts[0];
  if (!post) throw new Error("no posts");
  const { link } = await keepPage(page, "/blog", `/blog/${post.slug}`);
  const email = page.getByRole("textbox", { name: /e-?mail/i }).first();
  await email.fill("asha@example.org");
  await tapAndWait(page, link, `/blog/${post.slug}`);
  await page.goBack();
  await page.waitForURL("**/blog");
  await page.clock.runFor(200);
  await expect(page.getByRole("textbox", { name: /e-?mail/i }).first()).toHaveValue("asha@example.org");
  expect(await sameDocument(page)).toBe(true);
});

test("a swapped page reloaded comes back where it was scrolled to", async ({ page }) => {
  const { link } = await keepPage(page, "/about", "/contact");
  await tapAndWait(page, link, "/contact");
  await page.evaluate(() => scrollTo(0, 600));
  await page.clock.runFor(300);
  await page.reload();
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(600);
});

test("the stored currency is the one /installation shows in its first frame when swapped in", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("installation-currency", "INR"));
  const { link } = await keepPage(page, "/products/esim", "/installation?product=esim");
  await link.tap();
  await page.waitForURL("**/installation?product=esim");
  // The clock stands still: no frame has run the page's deferred start yet, so this is what its first frame shows.
  await expect(page.locator("#packages")).toHaveAttribute("data-choice-value", "INR");
});

/**
 * What the page costs the tab, counted through the DevTools protocol after a garbage collection: live DOM nodes and JS
 * event listeners in the renderer, the listeners on `window` and `document`, and the head's elements.
 */
async function tabSize(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { nodes, jsEventListeners } = await cdp.send("Memory.getDOMCounters");
  const listenersOn = async (expression: string) => {
    const { result } = await cdp.send("Runtime.evaluate", { expression });
    const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId ?? "" });
    return listeners.length;
  };
  const size = {
    nodes,
    jsEventListeners,
    windowListeners: await listenersOn("window"),
    documentListeners: await listenersOn("document"),
    headChildren: await page.evaluate(() => document.head.children.length),
  };
  await cdp.detach();
  return size;
}

test("the page stays the same size over many swaps and backs: nodes, listeners and the head's elements; the brand mark is preloaded once", async ({
  page,
}) => {
  // Home (carousels, the explorer, islands) and /products (filters), each swapped in once a round. After a garbage
  // collection the counts stand still from round to round (a stray node comes and goes): a growth of one listener a
  // round shows within a few rounds, as a leak of a page's nodes and listeners in the first.
  const ROUNDS = 10;
  const SLACK = 5;
  test.setTimeout(ROUNDS * 2_000 + 30_000);
  const to = "/products";
  const { link, requests } = await keepPage(page, "/", to);
  const round = async () => {
    const fetches = requests.length;
    await tapAndWait(page, link, to);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await page.clock.runFor(200);
    // Home keeps the link's page again (a second in view), then parses it at idle once it has come.
    const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === to);
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        return requests.length;
      })
      .toBe(fetches + 1);
    await (await fetched).finished();
    await page.clock.runFor(2500);
  };
  // Counted from the second round on: until the second swap Chromium's speculation rules still hold the first page's
  // links (DocumentSpeculationRules), a page's worth of nodes; from then on the count stays put.
  await round();
  await round();
  const first = await tabSize(page);
  for (let i = 2; i < ROUNDS; i++) await round();
  const last = await tabSize(page);
  expect(await sameDocument(page)).toBe(true);
  // The brand mark (the site's icon) is preloaded once, by the head, not again by each body swapped in.
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="preload"][href="/favicon.svg"]')].map(
      (link) => link.parentElement?.localName,
    ),
  );
  expect(preloads).toEqual(["head"]);
  const grown = Object.entries(last).flatMap(([name, value]) => {
    const before = first[name as keyof typeof first];
    return value > before + SLACK ? [`${name}: ${before} → ${value}`] : [];
  });
  expect(grown, `after 2 rounds ${JSON.stringify(first)}, after ${ROUNDS} ${JSON.stringify(last)}`).toEqual([]);
});

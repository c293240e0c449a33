import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "@playwright/test";
import { parseDocument } from "yaml";
import { createSiteServer } from "../../server/site-server.ts";
import { CONSENT_MODE_DEFAULT, consentModeState, FULL_CONSENT, NO_CONSENT } from "../../src/lib/consent.ts";
import { contentWith, ROOT } from "../fixtures/content.ts";
import { expect, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

const NOW = new Date("2025-06-30T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const ALL = FULL_CONSENT;
const NONE = NO_CONSENT;
// The default's values are pinned by tests/unit/lib/consent.test.ts; here, that the page pushes them.
const DENIED_DEFAULT = CONSENT_MODE_DEFAULT;
const GRANTED_ALL = consentModeState(FULL_CONSENT);
const DENIED_ALL = consentModeState(NO_CONSENT);
const GOOGLE_COOKIES = ["_ga", "_ga_TEST123", "_gid", "_gcl_au"];

type Preferences = typeof ALL;
const record = (preferences: Preferences, ageDays = 1, version = "1.0") =>
  JSON.stringify({ preferences, timestamp: new Date(NOW.getTime() - ageDays * DAY).toISOString(), version });

const banner = (page: Page) => page.getByRole("region", { name: "We Value Your Privacy" });
const preferences = (page: Page) => page.getByRole("dialog", { name: "Cookie Preferences" });

/** What the page pushed to window.dataLayer, each gtag command as a plain array. */
const dataLayer = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));

const storedRecord = async (page: Page) => {
  const raw = await page.evaluate(() => localStorage.getItem("cookie-consent"));
  return raw === null ? null : (JSON.parse(raw) as unknown);
};

/** Stores a consent record for the site at `origin` before the page under test is opened. */
async function seed(page: Page, raw: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/`);
  await page.evaluate((value) => localStorage.setItem("cookie-consent", value), raw);
}

async function setGoogleCookies(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([...GOOGLE_COOKIES, "theme"].map((name) => ({ name, value: "1", url })));
}
const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
});

test.describe("the cookie banner", () => {
  // One first visit, read three ways (the banner, its buttons' looks, the dialog's first state): nothing here changes it.
  test("greets a first visit with three choices and a Learn more link, loads nothing from other hosts, shows Reject Non-Essential as prominent as Accept All, and Manage Preferences shows Essential always on and the optional categories off", async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    test.slow(); // three tests' visits in one
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL ?? "")) foreign.push(request.url());
    });
    await page.goto("/about");
    await test.step("the banner greets with three choices and loads nothing from other hosts", async () => {
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByRole("heading", { name: "We Value Your Privacy" })).toBeVisible();
      for (const name of ["Manage Preferences", "Reject Non-Essential", "Accept All"]) {
        await expect(banner(page).getByRole("button", { name })).toBeVisible();
      }
      await expect(banner(page).getByRole("link", { name: "Learn more" })).toHaveAttribute("href", "/cookies");
      expect(await dataLayer(page)).toEqual([["consent", "default", DENIED_DEFAULT]]);
      await page.waitForLoadState("networkidle");
      expect(foreign).toEqual([]);
      expect(page.frames()).toHaveLength(1);
      expect(consoleErrors).toEqual([]);
    });
    await test.step("Reject Non-Essential is as prominent as Accept All", () => expectRejectAsProminent(page));
    await test.step("Manage Preferences shows Essential always on and the optional categories off", () =>
      expectFirstPreferences(page));
  });

  test("Reject Non-Essential stores every category off, hides the banner, denies every signal, deletes every Google cookie and stays away on the next page", async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow(); // three tests' visits in one
    await setGoogleCookies(context, baseURL ?? "");
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Reject Non-Essential" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedRecord(page)).toEqual({ preferences: NONE, timestamp: NOW.toISOString(), version: "1.0" });
    expect((await dataLayer(page)).at(-1)).toEqual(["consent", "update", DENIED_ALL]);
    expect(await cookieNames(context)).toEqual(["theme"]);
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test("Accept All stores every category, hides the banner and grants every signal", async ({ page }) => {
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedRecord(page)).toEqual({ preferences: ALL, timestamp: NOW.toISOString(), version: "1.0" });
    expect((await dataLayer(page)).at(-1)).toEqual(["consent", "update", GRANTED_ALL]);
  });

  test("takes at most a quarter of a phone's first screen, is never its largest paint and leaves home's hero buttons uncovered", async ({
    page,
  }) => {
    const phone = { width: 390, height: 844 };
    await page.setViewportSize(phone);
    for (const path of ["/", `/products/${content.products[0]?.id}`, "/contact"]) {
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      await page.waitForLoadState("networkidle");
      const box = await banner(page).boundingBox();
      expect(box?.height, `${path}: banner height`).toBeLessThanOrEqual(phone.height / 4);
      // The page's own record of its largest paint, as a field measurement would read it.
      const largest = await page.evaluate(
        () =>
          new Promise<{ inBanner: boolean; element: string }>((resolve) => {
            new PerformanceObserver((list) => {
              // LargestContentfulPaint is not in TypeScript's DOM library yet: its element, read without a cast.
              const last = list.getEntries().at(-1);
              const element = last && "element" in last && last.element instanceof Element ? last.element : null;
              resolve({
                inBanner: Boolean(element?.closest(".cookie-banner")),
                element: element ? `${element.tagName} ${element.textContent?.slice(0, 40)}` : "none",
              });
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      expect(largest.inBanner, `${path}: the largest paint is ${largest.element}`).toBe(false);
      if (path !== "/") continue;
      for (const name of ["Explore Our Apps", "About Us"]) {
        const button = await page.getByRole("main").getByRole("link", { name, exact: true }).first().boundingBox();
        expect(
          (button?.y ?? phone.height) + (button?.height ?? 0),
          `${name} ends above the banner`,
        ).toBeLessThanOrEqual(box?.y ?? 0);
      }
    }
  });

  test("is not shown when JavaScript is off, and the page stays readable", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await context.close();
  });
});

/** The banner's two answers look alike: colours, type and height. */
async function expectRejectAsProminent(page: Page): Promise<void> {
  const reject = banner(page).getByRole("button", { name: "Reject Non-Essential" });
  const accept = banner(page).getByRole("button", { name: "Accept All" });
  const look = (button: typeof reject) =>
    button.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.backgroundColor, style.color, style.fontSize, style.fontWeight, el.getBoundingClientRect().height];
    });
  expect(await look(reject)).toEqual(await look(accept));
}

/** Manage Preferences on a first visit: Essential always on, the optional categories off and changeable. */
async function expectFirstPreferences(page: Page): Promise<void> {
  await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
  await expect(preferences(page)).toBeVisible();
  const essential = preferences(page).getByRole("switch", { name: "Essential" });
  await expect(essential).toBeChecked();
  await expect(essential).toBeDisabled();
  await expect(preferences(page).getByText("Always on")).toBeVisible();
  for (const name of ["Analytics", "Functional", "Marketing"]) {
    await expect(preferences(page).getByRole("switch", { name })).not.toBeChecked();
    await expect(preferences(page).getByRole("switch", { name })).toBeEnabled();
  }
}

test.describe("the Cookie Preferences dialog", () => {
  test("Save Preferences stores exactly the chosen categories and maps them to Consent Mode", async ({ page }) => {
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
    await preferences(page).getByRole("switch", { name: "Analytics" }).check();
    await preferences(page).getByRole("switch", { name: "Marketing" }).check();
    await preferences(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(preferences(page)).toBeHidden();
    await expect(banner(page)).toBeHidden();
    expect(await storedRecord(page)).toEqual({
      preferences: { analytics: true, functional: false, marketing: true },
      timestamp: NOW.toISOString(),
      version: "1.0",
    });
    expect((await dataLayer(page)).at(-1)).toEqual([
      "consent",
      "update",
      {
        ...DENIED_ALL,
        analytics_storage: "granted",
        ad_storage: "granted",
        ad_user_data: "granted",
        ad_personalization: "granted",
      },
    ]);
  });

  test("Save Preferences with Functional alone grants functionality and personalization storage", async ({ page }) => {
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
    await preferences(page).getByRole("switch", { name: "Functional" }).check();
    await preferences(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(preferences(page)).toBeHidden();
    // The update is pushed as the choice is saved: on a loaded machine that can be a moment after the click returns.
    await expect
      .poll(async () => (await dataLayer(page)).at(-1))
      .toEqual([
        "consent",
        "update",
        { ...DENIED_ALL, functionality_storage: "granted", personalization_storage: "granted" },
      ]);
  });

  for (const [action, chosen] of [
    ["Accept All", ALL],
    ["Reject All", NONE],
  ] as const) {
    test(`${action} stores its choice and closes the dialog and the banner`, async ({ page }) => {
      await page.goto("/about");
      await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
      await preferences(page).getByRole("switch", { name: "Functional" }).check();
      await preferences(page).getByRole("button", { name: action }).click();
      await expect(preferences(page)).toBeHidden();
      await expect(banner(page)).toBeHidden();
      expect(await storedRecord(page)).toEqual({ preferences: chosen, timestamp: NOW.toISOString(), version: "1.0" });
    });
  }

  test("keeps focus inside, closes on Escape and gives focus back to Manage Preferences", async ({ page }) => {
    await page.goto("/about");
    const manage = banner(page).getByRole("button", { name: "Manage Preferences" });
    await manage.click();
    await expect(preferences(page)).toBeVisible();
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 1; i <= 9; i += 1) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null), `${key} × ${i}`).toBe(
          true,
        );
      }
    }
    await page.keyboard.press("Escape");
    await expect(preferences(page)).toBeHidden();
    await expect(manage).toBeFocused();
    await expect(banner(page)).toBeVisible();
    expect(await storedRecord(page)).toBeNull();
  });

  test("closes without saving by its close button or a click outside, and reopens with the current choices", async ({
    page,
  }) => {
    await page.goto("/about");
    const manage = banner(page).getByRole("button", { name: "Manage Preferences" });
    await manage.click();
    await preferences(page).getByRole("switch", { name: "Analytics" }).check();
    await preferences(page).getByRole("button", { name: "Close" }).click();
    await expect(preferences(page)).toBeHidden();

    await manage.click();
    await expect(preferences(page).getByRole("switch", { name: "Analytics" })).not.toBeChecked();
    await page.mouse.click(5, 5);
    await expect(preferences(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    expect(await storedRecord(page)).toBeNull();
  });
});

test.describe("a returning visitor", () => {
  test("with a valid record sees no banner, and the stored choice reaches the data layer right after the default", async ({
    page,
    consoleErrors,
  }) => {
    await seed(page, record({ analytics: true, functional: false, marketing: false }));
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    expect(await dataLayer(page)).toEqual([
      ["consent", "default", DENIED_DEFAULT],
      ["consent", "update", { ...DENIED_ALL, analytics_storage: "granted" }],
    ]);
    expect(consoleErrors).toEqual([]);
  });

  // Which records count (age, version, shape) is a pure rule, unit-tested in tests/unit/lib/consent.test.ts; this is
  // its wiring: the banner and the Consent Mode default follow it on a real page.
  test("with a record older than 360 days is asked again and measured as denied", async ({ page }) => {
    await seed(page, record(ALL, 361));
    await page.goto("/about");
    await expect(banner(page)).toBeVisible();
    expect(await dataLayer(page)).toEqual([["consent", "default", DENIED_DEFAULT]]);
  });

  test("Cookie Settings forgets the choice, deletes Google's cookies and keeps the site's others, reloads and asks again", async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow(); // two tests' visits in one
    await setGoogleCookies(context, baseURL ?? "");
    await seed(page, record(ALL));
    await page.goto("/about");
    await expect(banner(page)).toBeHidden();
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Cookie Settings" }).click()]);
    expect(await cookieNames(context)).toEqual(["theme"]);
    await expect(banner(page)).toBeVisible();
    expect(await storedRecord(page)).toBeNull();
    expect(await dataLayer(page)).toEqual([["consent", "default", DENIED_DEFAULT]]);
  });

  test("withdrawing analytics deletes _ga, _ga_* and _gid; keeping marketing keeps _gcl_*", async ({
    page,
    context,
    baseURL,
  }) => {
    await setGoogleCookies(context, baseURL ?? "");
    await seed(page, record(ALL, 400));
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
    await preferences(page).getByRole("switch", { name: "Marketing" }).check();
    await preferences(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await cookieNames(context)).toEqual(["_gcl_au", "theme"]);
  });
});

/**
 * The same site built with a measurement id (basic and advanced mode), each served like production (CSP included)
 * on a port of its own. Google's tag host is intercepted: there is no real network here. The stand-in tag records
 * the data layer as it finds it, which is what the real tag would act on.
 */
test.describe("Google's tag", () => {
  const sites: Record<"basic" | "advanced", string> = { basic: "", advanced: "" };
  const cleanups: (() => Promise<void>)[] = [];
  // In one worker, in order: each worker that ran some of these would build both sites again (two builds, 4 s each
  // on a busy machine).
  test.describe.configure({ mode: "default" });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    for (const mode of ["basic", "advanced"] as const) {
      const content = await contentWith();
      const out = await mkdtemp(path.join(tmpdir(), `consent-ga-${mode}-`));
      cleanups.push(content.cleanup, () => rm(out, { recursive: true, force: true }));
      const siteFile = path.join(content.dir, "site.yaml");
      const doc = parseDocument(await readFile(siteFile, "utf8"));
      doc.setIn(["analytics", "measurementId"], "G-TEST123");
      doc.setIn(["analytics", "mode"], mode);
      await writeFile(siteFile, String(doc));
      await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "build/cli.ts", "--content", content.dir, "--out", out],
        {
          cwd: ROOT,
        },
      );
      const server = await createSiteServer({ distDir: out, handlers: new Map() });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
      sites[mode] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });

  test.afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Intercepts gtag.js; returns the URLs requested. */
  async function interceptTag(page: Page): Promise<string[]> {
    const requested: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: "text/javascript",
        body: "window.tagSaw = window.dataLayer.map((entry) => Array.from(entry));",
      });
    });
    return requested;
  }
  const tagSaw = (page: Page) =>
    page.evaluate(() => ((window as { tagSaw?: unknown[][] }).tagSaw ?? []).map((command) => command.slice(0, 2)));

  test("basic mode: nothing is requested from Google before analytics consent, gtag.js once after", async ({
    page,
    consoleErrors,
  }) => {
    const requested = await interceptTag(page);
    await page.goto(`${sites.basic}/about`);
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);

    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => requested).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST123"]);
    await expect
      .poll(() => tagSaw(page))
      .toEqual([
        ["consent", "default"],
        ["consent", "update"],
        ["js", expect.any(Date)],
        ["config", "G-TEST123"],
      ]);
    expect(consoleErrors).toEqual([]);
  });

  test("the newsletter's confirm page: the token leaves the address before any other script, no analytics with consent, no Referer", async ({
    page,
    consoleErrors,
  }) => {
    const requested = await interceptTag(page);
    await seed(page, record(ALL), sites.basic);
    const referers: Promise<string | undefined>[] = [];
    page.on("request", (request) => referers.push(request.headerValue("referer").then((value) => value ?? undefined)));
    const token = `${"a".repeat(64)}.${"b".repeat(22)}.1700000000000.${"c".repeat(43)}`;
    const html = await (await fetch(`${sites.basic}/newsletter/confirm`)).text();
    expect(/<script>([^<]*)/.exec(html)?.[1]).toContain("replaceState");

    await page.goto(`${sites.basic}/newsletter/confirm?token=${token}`);
    await page.waitForLoadState("networkidle");
    expect(page.url()).toBe(`${sites.basic}/newsletter/confirm`);
    await expect(page.getByRole("button", { name: "Confirm my subscription" })).toBeVisible();
    expect(await page.locator("input[name=token]").inputValue()).toBe(token);
    expect(requested).toEqual([]);
    const commands = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)[0]),
    );
    expect(commands).not.toContain("config");
    expect(referers.length).toBeGreaterThan(1);
    // (The page `seed` opened first may still be finishing its own requests: only this page's address counts.)
    expect((await Promise.all(referers)).filter((referer) => referer?.includes("/newsletter/"))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("basic mode: rejecting, or allowing only marketing, never requests the tag", async ({ page }) => {
    const requested = await interceptTag(page);
    await page.goto(`${sites.basic}/about`);
    await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
    await preferences(page).getByRole("switch", { name: "Marketing" }).check();
    await preferences(page).getByRole("button", { name: "Save Preferences" }).click();
    await page.goto(`${sites.basic}/faq`);
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
  });

  test("basic mode: a returning visitor's consent is applied before the tag runs", async ({ page, consoleErrors }) => {
    const requested = await interceptTag(page);
    await seed(page, record({ analytics: true, functional: false, marketing: false }), sites.basic);
    await page.goto(`${sites.basic}/about`);
    await expect
      .poll(() => tagSaw(page))
      .toEqual([
        ["consent", "default"],
        ["consent", "update"],
        ["js", expect.any(Date)],
        ["config", "G-TEST123"],
      ]);
    const seen = await page.evaluate(() => (window as { tagSaw?: unknown[][] }).tagSaw?.[1]?.[2]);
    expect(seen).toEqual({ ...DENIED_ALL, analytics_storage: "granted" });
    expect(requested).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  test("advanced mode: gtag.js loads at once under the denied defaults", async ({ page, consoleErrors }) => {
    const requested = await interceptTag(page);
    await page.goto(`${sites.advanced}/about`);
    await expect.poll(() => requested).toHaveLength(1);
    await expect
      .poll(() => tagSaw(page))
      .toEqual([
        ["consent", "default"],
        ["js", expect.any(Date)],
        ["config", "G-TEST123"],
      ]);
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toBeHidden();
    expect((await dataLayer(page)).at(-1)).toEqual(["consent", "update", GRANTED_ALL]);
    expect(requested).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { themeTokens } from "../../src/lib/design-tokens.ts";
import { THEME_STORAGE_KEY } from "../../src/lib/theme.ts";
import { asReturningVisitor, expect, test } from "./fixtures.ts";

/** The page colour of each theme, as getComputedStyle reports it, from the same tokens the stylesheet uses. */
const PAGE_COLOR = (() => {
  const tokens = themeTokens(readFileSync(path.resolve(import.meta.dirname, "../../src/styles/tokens.css"), "utf8"));
  const rgb = (hex = "") => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
  return { light: rgb(tokens.light.get("--color-bg")), dark: rgb(tokens.dark.get("--color-bg")) };
})();

const pageColor = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const switchGroup = (page: Page) => page.getByRole("banner").getByRole("group", { name: "Theme" });

/** Consent given and the WhatsApp popup seen: their overlays stay out of the way of the switch and the screenshots. */
test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test("the switch is in the header with Light, Dark and System; the page follows the system's colour scheme while the visitor has chosen nothing", async ({
      page,
      consoleErrors,
    }) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto("/");
      const group = switchGroup(page);
      for (const name of ["Light", "Dark", "System"]) await expect(group.getByRole("radio", { name })).toBeVisible();
      await expect(group.getByRole("radio", { name: "System" })).toBeChecked();
      expect(await pageColor(page)).toBe(PAGE_COLOR.dark);
      await page.emulateMedia({ colorScheme: "light" });
      await expect.poll(() => pageColor(page)).toBe(PAGE_COLOR.light);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, colorScheme: "dark" });

  test("the page follows the system and shows no switch that could not remember", async ({ page }) => {
    await page.goto("/faq");
    expect(await pageColor(page)).toBe(PAGE_COLOR.dark);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(switchGroup(page)).toBeHidden();
  });
});

test.describe("choosing a theme", () => {
  test("Dark is kept across reloads and other pages, and is on the page before its first paint", async ({
    page,
    consoleErrors,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/contact");
    await switchGroup(page).getByRole("radio", { name: "Dark" }).check();
    expect(await pageColor(page)).toBe(PAGE_COLOR.dark);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe("dark");

    // What the page is when the body starts (nothing can be painted earlier) and when the first paint is recorded.
    await page.addInitScript(() => {
      const seen: Record<string, { theme?: string; color: string }> = {};
      Object.assign(window, { seenTheme: seen });
      const record = (moment: string) => {
        seen[moment] ??= {
          theme: document.documentElement.dataset.theme,
          color: document.body ? getComputedStyle(document.body).backgroundColor : "",
        };
      };
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        record("body");
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-paint").length) record("first-paint");
      }).observe({ type: "paint", buffered: true });
    });
    for (const route of ["/contact", "/faq"]) {
      await page.goto(route);
      await expect
        .poll(() => page.evaluate(() => Object.keys((window as unknown as { seenTheme: object }).seenTheme).sort()))
        .toEqual(["body", "first-paint"]);
      const seen = await page.evaluate(
        () => (window as unknown as { seenTheme: Record<string, { theme?: string; color: string }> }).seenTheme,
      );
      expect(seen.body?.theme, `${route}: data-theme when the body starts`).toBe("dark");
      expect(seen["first-paint"], `${route}: at the first paint`).toEqual({ theme: "dark", color: PAGE_COLOR.dark });
      await expect(switchGroup(page).getByRole("radio", { name: "Dark" })).toBeChecked();
    }
    expect(consoleErrors).toEqual([]);
  });

  test("the head script alone applies the stored theme: with every other script blocked the page is dark", async ({
    page,
    browser,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await switchGroup(page).getByRole("radio", { name: "Dark" }).check();
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.goto("/");
    const screenshot = await page.screenshot();
    await testInfo.attach("home, dark, external scripts blocked", { body: screenshot, contentType: "image/png" });

    // Read a pixel of the hero, below the header, from the screenshot itself (on a blank page, free of the site's CSP).
    const blank = await browser.newPage();
    const pixel = await blank.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext("2d");
      context?.drawImage(image, 0, 0);
      return [...(context?.getImageData(8, 300, 1, 1).data ?? [])];
    }, screenshot.toString("base64"));
    await blank.close();
    const [red = 255, green = 255, blue = 255] = pixel;
    expect(Math.max(red, green, blue), `hero pixel rgb(${pixel.slice(0, 3).join(", ")})`).toBeLessThan(64);
  });

  test("System follows the operating system again, and Light holds against a dark system", async ({
    page,
    consoleErrors,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    const group = switchGroup(page);
    await group.getByRole("radio", { name: "Light" }).check();
    expect(await pageColor(page)).toBe(PAGE_COLOR.light);
    await page.reload();
    expect(await pageColor(page)).toBe(PAGE_COLOR.light);

    await group.getByRole("radio", { name: "System" }).check();
    expect(await pageColor(page)).toBe(PAGE_COLOR.dark);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBeNull();
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => pageColor(page)).toBe(PAGE_COLOR.light);
    await page.reload();
    await expect(group.getByRole("radio", { name: "System" })).toBeChecked();
    expect(consoleErrors).toEqual([]);
  });

  test("works from the keyboard: arrow keys move between the options and apply each; the browser's toolbar colour follows", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const activeToolbarColor = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLMetaElement>("meta[name=theme-color]")]
          .filter((meta) => matchMedia(meta.media || "all").matches)
          .map((meta) => meta.content),
      );
    const [light] = await activeToolbarColor();
    const group = switchGroup(page);
    await group.getByRole("radio", { name: "System" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(group.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect(group.getByRole("radio", { name: "Dark" })).toBeFocused();
    expect(await pageColor(page)).toBe(PAGE_COLOR.dark);
    const [dark] = await activeToolbarColor();
    expect(dark).toBeDefined();
    expect(dark).not.toBe(light);
    await page.reload();
    expect(await activeToolbarColor()).toEqual([dark]);
    await group.getByRole("radio", { name: "Dark" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(group.getByRole("radio", { name: "Light" })).toBeChecked();
    expect(await pageColor(page)).toBe(PAGE_COLOR.light);
  });

  test("with storage blocked the page follows the system and the switch still works on the page, silently", async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/about");
    expect(await pageColor(page)).toBe(PAGE_COLOR.dark);
    await switchGroup(page).getByRole("radio", { name: "Light" }).check();
    expect(await pageColor(page)).toBe(PAGE_COLOR.light);
    expect(consoleErrors).toEqual([]);
  });

  test("a choice made in another tab is followed", async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const other = await context.newPage();
    await other.goto("/blog");
    await switchGroup(other).getByRole("radio", { name: "Dark" }).check();
    await expect.poll(() => pageColor(page)).toBe(PAGE_COLOR.dark);
    await expect(switchGroup(page).getByRole("radio", { name: "Dark" })).toBeChecked();
    await other.close();
  });
});

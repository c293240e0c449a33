import type { Page } from "@playwright/test";
import { asReturningVisitor, expect, test } from "./fixtures.ts";
import { site } from "./site-content.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test.describe("desktop menu", () => {
  test.use({ viewport: DESKTOP });

  test("highlights the current route's item", async ({ page, consoleErrors }) => {
    const menu = page.getByRole("navigation", { name: "Main" });
    await page.goto("/about");
    await expect(menu.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", /.*/);
    await page.goto("/");
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await page.goto("/blog");
    await expect(menu.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("aria-current", "page");
    await page.goto("/products/esim");
    await expect(menu.getByRole("button", { name: "Apps" })).toHaveAttribute("aria-current", "true");
    expect(consoleErrors).toEqual([]);
  });

  // The menu, the top bar and the footer as the home page shows them: three tests each opened it to read one part.
  test("lists Home, Apps, About, Portfolio, Blog, Installation, FAQ, Contact and View on the marketplace; the top bar links the social profiles and the help desk in new tabs; the footer has the four columns, the marketplace profile and the copyright line with this year", async ({
    page,
  }) => {
    test.slow(); // three tests' checks in one visit
    await page.goto("/");
    await test.step("the menu's items", async () => {
      const menu = page.getByRole("navigation", { name: "Main" });
      for (const label of ["Home", "About", "Portfolio", "Blog", "Installation", "FAQ", "Contact"]) {
        await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
      }
      await expect(menu.getByRole("button", { name: "Apps" })).toBeVisible();
      const marketplace = menu.getByRole("link", { name: `View on ${site.marketplace.name}` });
      await expect(marketplace).toHaveAttribute("href", site.marketplace.profileUrl);
      await expect(marketplace).toHaveAttribute("target", "_blank");
    });
    await test.step("the top bar's links", () => expectTopBar(page));
    await test.step("the footer's columns", () => expectFooter(page));
  });

  test("the Apps dropdown opens on hover with every product, closes when the pointer leaves, and choosing a product opens its page", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/about");
    const apps = page.getByRole("button", { name: "Apps" });
    const astroway = page.getByRole("banner").getByRole("link", { name: /^Astroway/ });
    await expect(astroway).toBeHidden();
    await apps.hover();
    await expect(astroway).toBeVisible();
    await expect(apps).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`#${await apps.getAttribute("aria-controls")}`);
    // Every product, each with its icon, name and short description.
    await expect(
      panel.getByRole("link", { name: /Astroway|eSIM|Whatsway|Legalway|Aijin|Talkway|Instaway|WPSaaS|CliqCRM|Askway/ }),
    ).toHaveCount(10);
    await expect(panel.getByRole("link", { name: /^eSIM/ })).toContainText("travel data plans");
    await expect(panel.locator("svg").first()).toBeVisible();
    await page.mouse.move(700, 700);
    await expect(astroway).toBeHidden();
    await expect(apps).toHaveAttribute("aria-expanded", "false");
    expect(consoleErrors).toEqual([]);

    // Choosing a product closes it and opens the product page.
    await apps.hover();
    await page.getByRole("banner").getByRole("link", { name: /^eSIM/ }).click();
    await expect(page).toHaveURL(/\/products\/esim$/);
    await expect(page.getByRole("banner").getByRole("link", { name: /^eSIM/ })).toBeHidden();
  });

  test("the skip link is the first stop; the Apps dropdown opens with Enter, moves into the grid with ArrowDown and closes on Escape", async ({
    page,
  }) => {
    await page.goto("/about");
    // The skip link is the first stop and moves focus to the main content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();

    const apps = page.getByRole("button", { name: "Apps" });
    await apps.focus();
    await page.keyboard.press("Enter");
    await expect(apps).toHaveAttribute("aria-expanded", "true");
    const first = page.getByRole("banner").getByRole("link", { name: /^Astroway/ });
    await expect(first).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(apps).toHaveAttribute("aria-expanded", "false");
    await expect(first).toBeHidden();
    await expect(apps).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(first).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(first).toBeHidden();
    await expect(apps).toBeFocused();
  });
});

test.describe("phone menu", () => {
  test.use({ viewport: PHONE });

  test("a button toggles the menu with the same items; Apps links to /products; it works with the keyboard: Enter opens, Tab reaches the items, Escape closes and returns focus; choosing an item closes it and goes there", async ({
    page,
    consoleErrors,
  }) => {
    test.slow(); // two tests' checks in one visit
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Portfolio", exact: true })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const label of ["Home", "About", "Portfolio", "Blog", "Installation", "FAQ", "Contact"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Apps", exact: true })).toHaveAttribute("href", "/products");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Portfolio", exact: true })).toBeHidden();

    // The keyboard, on the same visit: Enter opens, Tab reaches the items, Escape closes and returns focus.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    expect(consoleErrors).toEqual([]);

    // Choosing an item closes the menu and goes there.
    await toggle.click();
    await nav.getByRole("link", { name: "Apps", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test("on the narrowest phones the brand, Search and Menu each keep their full size, side by side", async ({ page }) => {
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto("/privacy");
    const banner = page.getByRole("banner");
    const brand = await banner.getByRole("link", { name: site.name }).first().boundingBox();
    const search = await banner.getByRole("button", { name: "Search" }).boundingBox();
    const menu = await banner.getByRole("button", { name: "Menu" }).boundingBox();
    if (!brand || !search || !menu) throw new Error(`header control missing at ${width} px`);
    // 44 px touch targets for the two buttons (the search control draws 40 px with its hit area around it).
    expect(Math.round(menu.width), `menu at ${width} px`).toBeGreaterThanOrEqual(44);
    expect(Math.round(search.width), `search at ${width} px`).toBeGreaterThanOrEqual(40);
    expect(brand.x + brand.width, `brand and search at ${width} px`).toBeLessThanOrEqual(search.x + 1);
    expect(search.x + search.width, `search and menu at ${width} px`).toBeLessThanOrEqual(menu.x + 1);
    expect(menu.x + menu.width, `menu inside the viewport at ${width} px`).toBeLessThanOrEqual(width);
  }
});

/** The top bar links the social profiles and the help desk in new tabs. */
async function expectTopBar(page: Page): Promise<void> {
  const banner = page.getByRole("banner");
  for (const [name, href] of [
    ["Facebook", site.social.facebook],
    ["LinkedIn", site.social.linkedin],
    ["YouTube", site.social.youtube],
    ["Get Support", site.contact.supportUrl],
  ] as const) {
    const link = banner.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
  }
}

/** The footer has the four columns, the marketplace profile and the copyright line with this year. */
async function expectFooter(page: Page): Promise<void> {
  const footer = page.getByRole("contentinfo");
  const column = (name: string) => footer.getByRole("region", { name });
  for (const label of ["Home", "About", "Portfolio", "Blog", "Installation", "FAQ", "Contact"]) {
    await expect(column("Quick Links").getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(column("Products").getByRole("link")).toHaveText(["Astroway", "eSIM", "Whatsway", "View All"]);
  await expect(column("Services").getByRole("link")).toHaveText([
    "Installation Services",
    "Contact Us",
    "FAQ",
    `${site.marketplace.name} Profile`,
  ]);
  await expect(column("Services").getByRole("link", { name: `${site.marketplace.name} Profile` })).toHaveAttribute(
    "href",
    site.marketplace.profileUrl,
  );
  await expect(column("Legal").getByRole("link")).toHaveText([
    "Privacy Policy",
    "Terms & Conditions",
    "Refund Policy",
    "Cookies Policy",
    "Disclaimer",
  ]);
  await expect(column("Legal").getByRole("button", { name: "Cookie Settings" })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${site.name}`);
  await expect(footer).toContainText(`Exclusive Author on Envato Market | Trusted Since ${site.company.foundingYear}`);
}

test.describe("contact dialog", () => {
  // One visit: what the dialog shows, then how it keeps and gives back focus (two tests each opened the page for one).
  test("the floating Contact us button opens 'Send us an email' with every way to reach us; it keeps focus inside, closes by Escape, the close button and an outside click, and returns focus", async ({
    page,
    consoleErrors,
  }) => {
    test.slow(); // two tests' checks in one visit
    await page.setViewportSize(DESKTOP);
    await page.goto("/about");
    const opener = page.getByRole("button", { name: "Contact us" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Send us an email" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: site.contact.email })).toHaveAttribute(
      "href",
      `mailto:${site.contact.email}`,
    );
    await expect(dialog).toContainText("We will reply within 24 business hours.");
    await expect(dialog.getByRole("heading", { name: "Give us a call" })).toBeVisible();
    await expect(dialog).toContainText("Available from 11am to 7pm, Monday to Friday.");
    await expect(dialog.getByRole("link", { name: site.contact.phone })).toHaveAttribute("href", /^tel:\+?\d+$/);
    await expect(dialog.getByRole("heading", { name: "Send us a message" })).toBeVisible();
    const whatsapp = dialog.getByRole("link", { name: /WhatsApp/ });
    await expect(whatsapp).toHaveAttribute("href", `https://wa.me/${site.contact.whatsapp}`);
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(dialog).toContainText("Usual reply: 1 day");
    await expect(dialog.getByRole("link", { name: "Contact Page →" })).toHaveAttribute("href", "/contact");

    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(20, 20);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test("is never taller than 90% of the viewport", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 420 });
    await page.goto("/about");
    await page.getByRole("button", { name: "Contact us" }).click();
    const box = await page.getByRole("dialog", { name: "Send us an email" }).boundingBox();
    expect(box?.height).toBeLessThanOrEqual(420 * 0.9 + 1);
  });
});

test.describe("floating Contact us button", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px the floating button covers no footer text or link at the bottom of the scroll`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/about");
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      const button = await page.getByRole("button", { name: "Contact us" }).boundingBox();
      if (!button) throw new Error("the Contact us button is not shown");
      const covered = await page.getByRole("contentinfo").evaluate((footer, box) => {
        const boxes: { what: string; rect: DOMRect }[] = [];
        const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) boxes.push({ what: node.textContent?.trim() ?? "", rect });
        }
        for (const control of footer.querySelectorAll("a, button"))
          boxes.push({ what: control.textContent?.trim() || control.outerHTML, rect: control.getBoundingClientRect() });
        return boxes
          .filter(({ what, rect }) => what && rect.width > 0)
          .filter(({ rect }) => rect.right > box.x && rect.left < box.x + box.width)
          .filter(({ rect }) => rect.bottom > box.y && rect.top < box.y + box.height)
          .map(({ what }) => what);
      }, button);
      expect(covered).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  test("the Apps panel still opens on hover and the menu works", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Apps" }).hover();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Astroway/ })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "View all apps" })).toHaveAttribute(
      "href",
      "/products",
    );
  });
});

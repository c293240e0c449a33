import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { site } from "./site-content.ts";

/** The popup's timing (SPEC section 9); the chat number comes from content/site.yaml. */
const POPUP_MS = 10_000;
const popup = (page: Page) => page.getByRole("dialog", { name: "Let's Connect on WhatsApp!" });

/**
 * Opens a page with the clock stopped, so time only moves when the test says. The popup's timer is an inline head
 * script, so it runs before the page is parsed. Returns how far the page's clock already is since the load began.
 */
async function openPaused(page: Page, url = "/about"): Promise<number> {
  const start = new Date("2025-06-01T10:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto(url);
  await page.waitForLoadState("load");
  return page.evaluate(() => performance.now());
}

async function scrollPage(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        addEventListener("scroll", resolve, { once: true });
        scrollBy(0, 400);
      }),
  );
}

test("opens 10 seconds after the page loads with no download, says its piece and records that it was shown", async ({
  page,
  consoleErrors,
}) => {
  const elapsed = await openPaused(page);
  await page.clock.runFor(POPUP_MS - elapsed - 1);
  await expect(popup(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("whatsappPopupShown"))).toBeNull();
  // It costs no download: it is in the page, and opening it requests nothing.
  await page.waitForLoadState("networkidle");
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));

  await page.clock.runFor(1);
  await expect(popup(page)).toBeVisible();
  expect(requested).toEqual([]);
  await expect(popup(page).getByText("Have Questions?")).toBeVisible();
  await expect(popup(page).getByText("We typically respond within minutes during business hours")).toBeVisible();
  await expect(popup(page).getByRole("link", { name: "Open WhatsApp Chat" })).toBeVisible();
  await expect(popup(page).getByRole("button", { name: "Maybe Later" })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("whatsappPopupShown"))).not.toBeNull();
  expect(consoleErrors).toEqual([]);
});

test("any scroll starts the 10 seconds again", async ({ page }) => {
  const elapsed = await openPaused(page);
  await page.clock.runFor(6_000 - elapsed);
  await scrollPage(page);
  await page.clock.runFor(POPUP_MS - 1);
  await expect(popup(page)).toHaveCount(0);
  await scrollPage(page);
  await page.clock.runFor(POPUP_MS - 1);
  await expect(popup(page)).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(popup(page)).toBeVisible();
});

test("Maybe Later dismisses it, and it does not come back in the same session", async ({ page }) => {
  const elapsed = await openPaused(page);
  await page.clock.runFor(POPUP_MS - elapsed);
  await popup(page).getByRole("button", { name: "Maybe Later" }).click();
  await expect(popup(page)).toHaveCount(0);

  await page.goto("/faq");
  await page.clock.runFor(6 * POPUP_MS);
  await expect(popup(page)).toHaveCount(0);
});

test("never opens when the session flag already exists", async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem("whatsappPopupShown", "true"));
  await openPaused(page);
  await page.clock.runFor(6 * POPUP_MS);
  await expect(popup(page)).toHaveCount(0);
});

test("Open WhatsApp Chat opens the chat with the site's number in a new tab and closes the popup", async ({ page }) => {
  await page
    .context()
    .route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }));
  const elapsed = await openPaused(page);
  await page.clock.runFor(POPUP_MS - elapsed);
  const [chat] = await Promise.all([
    page.context().waitForEvent("page"),
    popup(page).getByRole("link", { name: "Open WhatsApp Chat" }).click(),
  ]);
  await chat.waitForLoadState();
  expect(chat.url()).toBe(`https://wa.me/${site.contact.whatsapp}`);
  await expect(popup(page)).toHaveCount(0);
});

test("Escape closes it while focus is inside", async ({ page }) => {
  const elapsed = await openPaused(page);
  await page.clock.runFor(POPUP_MS - elapsed);
  await popup(page).getByRole("button", { name: "Maybe Later" }).focus();
  await page.keyboard.press("Escape");
  await expect(popup(page)).toHaveCount(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`is non-modal and never covers the cookie banner's buttons (${viewport.width} px wide)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const elapsed = await openPaused(page);
    await page.clock.runFor(POPUP_MS - elapsed);
    await expect(popup(page)).toBeVisible();
    // A non-modal dialog: the page behind it stays usable.
    await expect(popup(page)).not.toHaveAttribute("aria-modal", "true");
    const box = await popup(page).boundingBox();
    const banner = page.getByRole("region", { name: "We Value Your Privacy" });
    for (const name of ["Manage Preferences", "Reject Non-Essential", "Accept All"]) {
      const button = await banner.getByRole("button", { name }).boundingBox();
      if (!box || !button) throw new Error(`no box for the popup or ${name}`);
      const overlaps =
        box.x < button.x + button.width &&
        button.x < box.x + box.width &&
        box.y < button.y + button.height &&
        button.y < box.y + box.height;
      expect(overlaps, `popup overlaps ${name}`).toBe(false);
    }
    // Once the visitor has decided, the banner goes and the popup settles lower.
    await page.clock.resume();
    await banner.getByRole("button", { name: "Reject Non-Essential" }).click();
    await expect(banner).toBeHidden();
    await expect.poll(async () => (await popup(page).boundingBox())?.y ?? 0).toBeGreaterThan(box?.y ?? 0);
  });
}

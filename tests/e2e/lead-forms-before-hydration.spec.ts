import type { CDPSession, Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/schemas/lead-fields.ts";
import { asReturningVisitor, expect, test } from "./fixtures.ts";
import { field, LEAD_FORMS, toast, vendorMail } from "./lead-form-cases.ts";
import { content } from "./site-content.ts";

/**
 * The lead forms as a visitor meets them on a slow phone: the CPU slowed 4x, typing or autofill happening before the
 * form's island has woken, a submit on a dormant form, and an island whose script never arrives. Nothing the visitor
 * typed may be lost, and every lead must reach the vendor's mailbox with all its values.
 */
const { site } = content;

/**
 * A person takes longer than this to fill a form; faster leads go to the spam folder (MIN_FILL_MS). The form measures
 * the time on the page's clock (performance.now), so the tests move Playwright's clock on instead of waiting.
 */
const HUMAN_PAUSE_MS = MIN_FILL_MS + 100;

const island = (page: Page, id: string) => page.locator(`site-island[data-island="${id}"]`).first();

/** The page's DevTools session, which slows its CPU 4x as a mid-range phone's. */
let cdp: CDPSession;

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
  cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
});

for (const form of LEAD_FORMS) {
  test.describe(form.title, () => {
    test("keeps every character typed from the moment the field shows, and the lead arrives with all values", async ({
      page,
      consoleErrors,
    }) => {
      test.slow();
      const email = `typed-${form.fn}-${Date.now()}@example.org`;
      await page.clock.install();
      await page.goto(form.path, { waitUntil: "commit" });
      const fields = await form.open(page);
      const entries = form.entries(email);
      const formIsland = fields.locator("site-island").first();
      // Keys go in at a quick typist's pace (40 ms apart) on the slowed CPU until the island has woken, so the typing
      // spans its waking. From the field after that, key by key at full speed: the island is awake, and what is left
      // to prove is that React keeps every key, which neither a pause nor a slow CPU changes. Here it wakes during the
      // first field.
      let awake = false;
      for (const entry of entries) {
        const control = field(fields, entry);
        if (entry.role === "combobox") await control.selectOption(entry.value);
        else {
          await control.click();
          await control.pressSequentially(entry.value, { delay: awake ? 0 : 40 });
        }
        if (!awake && (await formIsland.evaluate((el) => el.hasAttribute("data-hydrated")))) {
          awake = true;
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        }
      }
      for (const entry of entries) await expect(field(fields, entry)).toHaveValue(entry.value);
      await page.clock.fastForward(HUMAN_PAUSE_MS);
      // As after a person's pause: the island the typing woke is awake (its code loaded) when Submit is pressed.
      await expect(formIsland).toHaveAttribute("data-hydrated", "");
      const request = page.waitForRequest(`**/api/${form.fn}`);
      await fields.getByRole("button", { name: form.submit }).click();
      expect((await request).postDataJSON()).toMatchObject({
        email,
        name: "Asha Verma",
        submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      await expect(toast(page, form.success)).toBeVisible();
      const mail = (await vendorMail(email)).body.text;
      for (const entry of entries) expect(mail).toContain(entry.shown ?? entry.value);
      expect(consoleErrors).toEqual([]);
    });

    test("sends values the browser autofilled before any interaction, after the island wakes", async ({ page }) => {
      test.slow();
      const email = `autofill-${form.fn}-${Date.now()}@example.org`;
      await page.clock.install();
      await page.goto(form.path);
      const fields = await form.open(page);
      const entries = form.entries(email);
      if (form.island !== "product-inquiry-form")
        await expect(island(page, form.island)).not.toHaveAttribute("data-hydrated");
      // Autofill sets the value and fires input and change, without focusing the field.
      for (const entry of entries) {
        await field(fields, entry).evaluate((el, value) => {
          (el as HTMLInputElement).value = value;
          el.dispatchEvent(new Event("input", { bubbles: true }));
          el.dispatchEvent(new Event("change", { bubbles: true }));
        }, entry.value);
      }
      await page.clock.fastForward(HUMAN_PAUSE_MS);
      const request = page.waitForRequest(`**/api/${form.fn}`);
      await fields.getByRole("button", { name: form.submit }).click();
      const body = (await request).postDataJSON() as Record<string, string>;
      expect(Object.values(body)).toEqual(expect.arrayContaining(entries.map((e) => e.value)));
      await expect(toast(page, form.success)).toBeVisible();
      const mail = (await vendorMail(email)).body.text;
      for (const entry of entries) expect(mail).toContain(entry.shown ?? entry.value);
    });

    test("asks for the required fields when Submit is clicked on the untouched form", async ({ page }) => {
      let calls = 0;
      await page.route(`**/api/${form.fn}`, (route) => {
        calls += 1;
        return route.abort();
      });
      await page.goto(form.path);
      const fields = await form.open(page);
      await fields.getByRole("button", { name: form.submit }).click();
      await expect(toast(page, "Please fill in all required fields")).toBeVisible();
      expect(calls).toBe(0);
    });
  });
}

test.describe("with an island's script blocked", () => {
  const blockChunk = (page: Page, id: string) => page.route(`**/assets/${id}-*.js`, (route) => route.abort());

  for (const form of LEAD_FORMS.filter((c) => c.island !== "product-inquiry-form")) {
    test(`the ${form.title} keeps what was typed, sends nothing and says how else to reach the vendor`, async ({
      page,
    }) => {
      await blockChunk(page, form.island);
      let calls = 0;
      await page.route(`**/api/${form.fn}`, (route) => {
        calls += 1;
        return route.abort();
      });
      await page.goto(form.path);
      const fields = await form.open(page);
      const name = form.entries("kept@example.org")[0];
      if (!name) throw new Error("the form has no fields");
      await field(fields, name).fill(name.value);
      await fields.getByRole("button", { name: form.submit }).click();
      const notice = fields.getByRole("alert");
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("link", { name: site.contact.email })).toHaveAttribute(
        "href",
        `mailto:${site.contact.email}`,
      );
      await expect(notice.getByRole("link", { name: site.contact.phone.replace(/ /g, "\u00a0") })).toHaveAttribute(
        "href",
        `tel:${site.contact.phone.replace(/[^+\d]/g, "")}`,
      );
      await expect(field(fields, name)).toHaveValue(name.value);
      // The form did not submit itself natively (which would put the fields into the URL and clear them).
      expect(new URL(page.url()).search).toBe("");
      expect(calls).toBe(0);
    });
  }

  test("Buy Now says how else to buy, and marketplace links and purchase options still work", async ({
    page,
    context,
  }) => {
    await blockChunk(page, "product-inquiry-form");
    await context.route("https://codecanyon.example.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>CodeCanyon</title>" }),
    );
    await page.goto("/products/legalway");
    const hero = page.getByRole("region", { name: "Legalway", exact: true });
    await hero.getByRole("button", { name: "Buy Now" }).click();
    const notice = hero.getByRole("alert");
    await expect(notice).toContainText("The order form could not load.");
    await expect(notice.getByRole("link", { name: site.contact.email })).toBeVisible();

    // A product bought on the marketplace: a plain link, no island at all.
    await page.goto("/products/astroway");
    const link = page.getByRole("region", { name: "Astroway", exact: true }).getByRole("link", { name: /^Buy on / });
    const popup = page.waitForEvent("popup");
    await link.click();
    await expect(await popup).toHaveURL(/^https:\/\/codecanyon\.example\.com\//);

    // Several purchase options: the list of links shows, and each still opens.
    await page.goto("/products/esim");
    const esim = page.getByRole("region", { name: "eSIM", exact: true });
    await esim.getByRole("button", { name: /^Buy on / }).click();
    await expect(esim.getByRole("link", { name: /Website/ }).first()).toBeVisible();
  });
});

test("the Apps dropdown opens on hover and stays open when its button is clicked, with no script fetched", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  const scripts: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
  const panel = page.locator("#apps-menu-panel");
  // Every frame from the hover on, note whether the panel was shown.
  await page.evaluate(() => {
    const frames: boolean[] = [];
    (window as unknown as { appsFrames: boolean[] }).appsFrames = frames;
    const sample = () => {
      const el = document.getElementById("apps-menu-panel");
      if (el) frames.push(getComputedStyle(el).display !== "none");
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByRole("button", { name: "Apps" }).hover();
  await expect(panel).toBeVisible();
  await page.getByRole("button", { name: "Apps" }).click();
  // Twenty frames drawn after the click (a third of a second at 60 Hz): a panel the click closed shows in them.
  const clickedAt = await page.evaluate(() => (window as unknown as { appsFrames: boolean[] }).appsFrames.length);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { appsFrames: boolean[] }).appsFrames.length))
    .toBeGreaterThan(clickedAt + 20);
  await expect(panel).toBeVisible();
  await expect(page.getByRole("button", { name: "Apps" })).toHaveAttribute("aria-expanded", "true");
  const frames = await page.evaluate(() => (window as unknown as { appsFrames: boolean[] }).appsFrames);
  expect(frames.slice(frames.indexOf(true))).not.toContain(false);
  expect(scripts).toEqual([]);
});

import type { Page } from "@playwright/test";
import { asReturningVisitor, expect, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

const { installation } = content;
const { packages } = installation;
const productIds = content.products.map((p) => p.id);
const inr = (n: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(n);
const usd = (n: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(n);

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

const island = (page: Page, id: string) => page.locator(`site-island[data-island="${id}"]`);
const fontSize = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));

test("three packages with both prices, the Most Popular flag and the GST note, and the description quotes the same prices", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/installation");
  const list = page.locator("#installation-packages");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(packages.map((p) => p.name));
  for (const pkg of packages) {
    const card = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: pkg.name, exact: true }) });
    await expect(card.getByText(inr(pkg.priceINR), { exact: true })).toBeVisible();
    await expect(card.getByText(usd(pkg.priceUSD), { exact: true })).toBeVisible();
    await expect(card.getByText(`+ ${installation.gstPercent}% GST`)).toBeVisible();
    await expect(card.getByText("Most Popular")).toHaveCount(pkg.popular ? 1 : 0);
  }
  await expect(page.getByText(`${installation.gstPercent}% GST applies on INR payments`)).toBeVisible();
  for (const item of [...installation.includedInEvery, ...installation.clientSupplies]) {
    await expect(page.getByText(item, { exact: true })).toBeVisible();
  }
  for (const promise of installation.promises)
    await expect(page.getByText(promise.value, { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
  // The page description quotes the same prices as the packages.
  const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
  for (const pkg of packages) {
    expect(description).toContain(inr(pkg.priceINR));
    expect(description).toContain(usd(pkg.priceUSD));
  }
  // One price per package: no second, conflicting figure anywhere in the page text.
  for (const stale of ["$249", "$449", "$749"]) expect(description).not.toContain(stale);
});

test("the currency toggle starts on INR in India, highlights USD prices when chosen, and keeps the choice on reload", async ({
  page,
}) => {
  await page.goto("/installation");
  const inrButton = page.getByRole("button", { name: "INR (₹)" });
  const usdButton = page.getByRole("button", { name: "USD ($)" });
  await expect(inrButton).toHaveAttribute("aria-pressed", "true");
  await expect(usdButton).toHaveAttribute("aria-pressed", "false");
  const basic = packages[0];
  if (!basic) throw new Error("no packages");
  expect(await fontSize(page, inr(basic.priceINR))).toBeGreaterThan(await fontSize(page, usd(basic.priceUSD)));

  await usdButton.click();
  await expect(usdButton).toHaveAttribute("aria-pressed", "true");
  await expect(inrButton).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(async () => (await fontSize(page, usd(basic.priceUSD))) > (await fontSize(page, inr(basic.priceINR))))
    .toBe(true);

  await page.reload();
  await expect(page.getByRole("button", { name: "USD ($)" })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () => (await fontSize(page, usd(basic.priceUSD))) > (await fontSize(page, inr(basic.priceINR))))
    .toBe(true);
});

/**
 * Loads /installation with every external script blocked, so only the page's inline scripts can decide, and records
 * in order, as the parser builds the page, each change of the prices section's currency and each price inserted.
 * Returns the currency shown first once parsed, the pressed toggle button, and whether every currency change came
 * before the first price existed (then no price was ever drawn under another currency).
 */
async function firstPaint(page: Page) {
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  await page.addInitScript(() => {
    const events: string[] = [];
    Object.assign(window, { currencyEvents: events });
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes") events.push("currency");
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches(".price__option") || node.querySelector(".price__option")))
            events.push("price");
      }
    }).observe(document, { subtree: true, childList: true, attributeFilter: ["data-choice-value"] });
  });
  await page.goto("/installation");
  const basic = packages[0];
  if (!basic) throw new Error("no packages");
  const [inrSize, usdSize] = [await fontSize(page, inr(basic.priceINR)), await fontSize(page, usd(basic.priceUSD))];
  const events = await page.evaluate(() => (window as unknown as { currencyEvents: string[] }).currencyEvents);
  return {
    first: inrSize > usdSize ? "INR" : usdSize > inrSize ? "USD" : "neither",
    pressed: await page.locator(".currency-toggle button[aria-pressed='true']").getAttribute("value"),
    decidedBeforePrices: events.includes("price") && events.lastIndexOf("currency") < events.indexOf("price"),
  };
}

test.describe("the currency shown first follows the visitor's country, decided before any price is drawn", () => {
  for (const [country, first, stored, other] of [
    ["IN", "INR", "USD", "USD"],
    ["US", "USD", "INR", "INR"],
  ] as const) {
    test.describe(`a visitor in ${country}`, () => {
      test.use({ extraHTTPHeaders: { "CloudFront-Viewer-Country": country } });

      test(`sees ${first} first, or ${other} when chosen before`, async ({ page }) => {
        expect(await firstPaint(page)).toEqual({ first, pressed: first, decidedBeforePrices: true });
        await page.evaluate((currency) => localStorage.setItem("installation-currency", currency), stored);
        expect(await firstPaint(page)).toEqual({ first: other, pressed: other, decidedBeforePrices: true });
      });
    });
  }

  test("every country gets the same HTML, and only the currency cookie differs", async ({ playwright, baseURL }) => {
    // A context per visitor: one context would send the cookie it was given back with the next request.
    const get = async (country: string) => {
      const visitor = await playwright.request.newContext({ baseURL });
      // Unpacked, so the bytes compared are the page's own, not a compressed copy the server kept from a first request.
      const response = await visitor.get("/installation", {
        headers: { "CloudFront-Viewer-Country": country, "Accept-Encoding": "identity" },
      });
      const answer = { body: await response.body(), cookie: response.headers()["set-cookie"] };
      await visitor.dispose();
      return answer;
    };
    const [india, states, nepal] = [await get("IN"), await get("US"), await get("NP")];
    expect(states.body).toEqual(india.body);
    expect(nepal.body).toEqual(india.body);
    expect(india.cookie).toMatch(/^country-currency=INR; /);
    expect(states.cookie).toMatch(/^country-currency=USD; /);
    expect(nepal.cookie).toMatch(/^country-currency=USD; /);
  });
});

test("the request form has every field, labelled, with the right types", async ({ page }) => {
  await page.goto("/installation");
  const form = page.getByRole("region", { name: "Request Installation" });
  await expect(form.getByRole("textbox", { name: "Full Name" })).toHaveAttribute("type", "text");
  await expect(form.getByRole("textbox", { name: "Email Address" })).toHaveAttribute("type", "email");
  const mobile = form.getByRole("textbox", { name: "Mobile Number" });
  await expect(mobile).toHaveAttribute("type", "tel");
  await expect(mobile).toHaveAttribute("placeholder", "+1234567890");
  const products = form.getByRole("combobox", { name: "Product" }).locator("option:not([value=''])");
  await expect(products).toHaveCount(productIds.length);
  expect((await products.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).sort()).toEqual(
    productIds.sort(),
  );
  const pkgs = form.getByRole("combobox", { name: "Installation Package" }).locator("option:not([value=''])");
  expect(await pkgs.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([
    "basic",
    "android",
    "complete",
  ]);
  await expect(form.getByRole("textbox", { name: "Additional Message (optional)" })).toBeVisible();
});

test("the product (and package) are preselected from the URL, before the form's island wakes, and by a package's Choose button", async ({
  page,
}) => {
  await page.goto("/installation?product=esim#request");
  await expect(page.getByRole("combobox", { name: "Product" })).toHaveValue("esim");
  await expect(page.getByRole("combobox", { name: "Installation Package" })).toHaveValue("");
  await expect(island(page, "installation-form")).not.toHaveAttribute("data-hydrated");

  await page.goto("/installation?product=whatsway&package=android#request");
  await expect(page.getByRole("combobox", { name: "Product" })).toHaveValue("whatsway");
  await expect(page.getByRole("combobox", { name: "Installation Package" })).toHaveValue("android");

  await page.goto("/installation?product=not-a-product#request");
  await expect(page.getByRole("combobox", { name: "Installation Package" })).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Product" })).toHaveValue("");

  // A package's Choose button leads to the form with that package selected.
  await page.getByRole("link", { name: /^Choose Android/ }).click();
  await expect(page).toHaveURL(/\/installation\?package=android#request$/);
  await expect(page.getByRole("combobox", { name: "Installation Package" })).toHaveValue("android");
});

test("a visitor's own choice wins over the URL's, and survives the island waking", async ({ page }) => {
  await page.goto("/installation?package=android#request");
  const pkg = page.getByRole("combobox", { name: "Installation Package" });
  await expect(pkg).toHaveValue("android");
  await pkg.selectOption("complete");
  await page.getByRole("textbox", { name: "Full Name" }).hover();
  await expect(island(page, "installation-form")).toHaveAttribute("data-hydrated", "");
  await expect(pkg).toHaveValue("complete");
});

import type { Page } from "@playwright/test";
import { axe, asReturningVisitor, expect, test } from "./fixtures.ts";
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

test("three packages with both prices, the Most Popular flag and the GST note", async ({ page, consoleErrors }) => {
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
});

test("the page description quotes the same prices as the packages", async ({ page }) => {
  await page.goto("/installation");
  const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
  for (const pkg of packages) {
    expect(description).toContain(inr(pkg.priceINR));
    expect(description).toContain(usd(pkg.priceUSD));
  }
  // The conflicting prices of the old page text must never come back.
  for (const stale of ["$249", "$449", "$749"]) expect(description).not.toContain(stale);
});

test("the currency toggle starts on INR, highlights USD prices when chosen, and keeps the choice on reload", async ({
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

test("the product (and package) are preselected from the URL, before the form's island wakes", async ({ page }) => {
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

test("a package's Choose button leads to the form with that package selected", async ({ page }) => {
  await page.goto("/installation");
  await page.getByRole("link", { name: /^Choose Android/ }).click();
  await expect(page).toHaveURL(/\/installation\?package=android#request$/);
  await expect(page.getByRole("combobox", { name: "Installation Package" })).toHaveValue("android");
});

test("submitting with required fields missing asks for them and sends nothing", async ({ page }) => {
  let calls = 0;
  await page.route("**/api/send-installation-email", (route) => {
    calls += 1;
    return route.fulfill({ status: 200, body: "{}" });
  });
  await page.goto("/installation#request");
  // Before the form's island wakes: the submit waits for it and gets the same check.
  await page.getByRole("textbox", { name: "Full Name" }).fill("Asha Verma");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Please fill in all required fields")).toBeVisible();
  expect(calls).toBe(0);
});

// The page as served is checked by every-route.spec.ts; this is the form once it woke.
test("the installation form has no accessibility violations once awake", async ({ page }) => {
  await page.goto("/installation");
  await expect(island(page, "installation-form")).toHaveCount(1);
  await page.getByRole("region", { name: "Request Installation" }).scrollIntoViewIfNeeded();
  await page.getByRole("textbox", { name: "Full Name" }).hover();
  await expect(island(page, "installation-form")).toHaveAttribute("data-hydrated", "");
  expect((await axe(page).include('site-island[data-island="installation-form"]').analyze()).violations).toEqual([]);
});

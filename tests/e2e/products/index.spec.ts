import type { Page } from "@playwright/test";
import { products } from "../catalogue-content.ts";
import { expect, test } from "../fixtures.ts";
import { loaderOnly } from "../loader-only.ts";

const NO_PRODUCTS = "No products found matching your search.";

/** The names of the product cards a visitor can see (hidden cards are not in the accessibility tree). */
const cardNames = (page: Page) =>
  page.getByRole("region", { name: "All products", exact: true }).getByRole("heading", { level: 2 });

/** The card of one product, found by its heading. */
const productCard = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The search box, focused; the eager loader has wired it by the time the page has loaded. */
async function searchBox(page: Page) {
  await page.getByRole("searchbox", { name: "Search products" }).focus();
  return page.getByRole("searchbox", { name: "Search products" });
}

test.describe("/products", () => {
  test("lists every product in the server HTML, in catalogue order; each card shows image, category, name, description and its links, and Details opens the product", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "Our Products" })).toBeVisible();
    await expect(cardNames(page)).toHaveText(products.map((p) => p.name));
    await page.waitForLoadState("networkidle");
    expect(consoleErrors).toEqual([]);
    for (const p of products) {
      const card = productCard(page, p.name);
      await expect(card.getByText(p.category, { exact: true })).toBeVisible();
      await expect(card.getByText(p.shortDescription)).toBeVisible();
      await expect(card.locator("img")).toHaveAttribute("src", p.image);
      await expect(card.getByRole("link", { name: "Details" })).toHaveAttribute("href", `/products/${p.id}`);
      await expect(card.getByRole("link", { name: "Docs" })).toHaveAttribute("href", `/docs/${p.id}-documentation.pdf`);
      await expect(card.getByRole("link", { name: "Installation" })).toHaveAttribute("href", "/installation");
      await expect(card.getByRole("link", { name: "Support" })).toHaveAttribute("href", "/contact");
    }
    // Each Details link's page answers (every-route.spec.ts); one is followed here.
    const [first] = products;
    if (!first) throw new Error("content has no products");
    await page.getByRole("link", { name: `Details: ${first.name}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.name);
  });

  test("search filters live by name, description or category, case-insensitively, keeps the term in the URL, says when nothing matches, and clearing it brings every product back", async ({
    page,
  }) => {
    await page.goto("/products");
    const box = await searchBox(page);
    await box.fill("astro");
    await expect(cardNames(page)).toHaveText(["Astroway"]);
    await expect(page).toHaveURL(/\/products\?search=astro$/);
    await box.fill("TELECOM");
    await expect(cardNames(page)).toHaveText(["eSIM"]);
    const term = "platform";
    const expected = products
      .filter((p) => [p.name, p.shortDescription, p.category].some((text) => text.toLowerCase().includes(term)))
      .map((p) => p.name);
    expect(expected.length).toBeGreaterThan(1);
    await box.fill(term);
    await expect(cardNames(page)).toHaveText(expected);
    await box.fill("no such thing");
    await expect(page.getByText(NO_PRODUCTS)).toBeVisible();
    await expect(cardNames(page)).toHaveCount(0);
    await box.fill("");
    await expect(page.getByText(NO_PRODUCTS)).toBeHidden();
    await expect(cardNames(page)).toHaveCount(products.length);
    await expect(page).toHaveURL(/\/products$/);
  });

  test("the first keystroke filters at once, with no request and no script but the eager loader", async ({ page }) => {
    const asked = await loaderOnly(page);
    await page.goto("/products");
    await page.waitForLoadState("networkidle");
    asked.length = 0;
    await page.getByRole("searchbox", { name: "Search products" }).press("q");
    const expected = products.filter((p) =>
      [p.name, p.shortDescription, p.category].some((text) => text.toLowerCase().includes("q")),
    );
    await expect(cardNames(page)).toHaveText(expected.map((p) => p.name));
    await expect(page).toHaveURL(/\/products\?search=q$/);
    expect(asked).toEqual([]);
  });

  test("a keystroke touches only the cards it shows or hides, and writes the URL after the cards are drawn", async ({
    page,
  }) => {
    await page.goto("/products");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => {
      const seen = { unchangedWrites: 0, urlWritesBeforeFrame: 0, urlWrites: 0 };
      Object.assign(window, { seen });
      // Writing a value an element already has still restyles it; a URL written in the key's task restyles the page.
      new MutationObserver((records) => {
        for (const r of records)
          if (
            r.type === "attributes" &&
            r.attributeName &&
            r.oldValue === (r.target as Element).getAttribute(r.attributeName)
          )
            seen.unchangedWrites += 1;
      }).observe(document.body, { subtree: true, attributes: true, attributeOldValue: true });
      let frames = 0;
      const count = () => {
        frames += 1;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      addEventListener("keydown", () => (frames = 0), { capture: true });
      const replaceState = history.replaceState.bind(history);
      history.replaceState = (...args) => {
        seen.urlWrites += 1;
        if (frames === 0) seen.urlWritesBeforeFrame += 1;
        replaceState(...args);
      };
    });
    const box = page.getByRole("searchbox", { name: "Search products" });
    for (const key of ["c", "r"]) {
      await box.press(key);
      await expect(page).toHaveURL(key === "c" ? /\?search=c$/ : /\?search=cr$/);
    }
    expect(await page.evaluate(() => (window as unknown as { seen: object }).seen)).toEqual({
      unchangedWrites: 0,
      urlWritesBeforeFrame: 0,
      urlWrites: 2,
    });
  });

  test("what the visitor types while the search is still waking up is kept", async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("searchbox", { name: "Search products" }).pressSequentially("cliq");
    await expect(cardNames(page)).toHaveText(["CliqCRM"]);
    await expect(page).toHaveURL(/\/products\?search=cliq$/);
  });

  test("a shared link with ?search= opens with the filter applied", async ({ page }) => {
    await page.goto("/products?search=crm");
    await expect(await searchBox(page)).toHaveValue("crm");
    await expect(cardNames(page)).toHaveText(["CliqCRM"]);
  });

  test("the buy control: Buy Now opens the inquiry dialog of a product sold directly, several purchase options make a dropdown whose items open in a new tab, and otherwise it links to the marketplace page in a new tab", async ({
    page,
    context,
  }) => {
    const direct = products.find((x) => x.sellDirectly);
    const withOptions = products.find((x) => !x.sellDirectly && (x.purchaseOptions?.length ?? 0) > 1);
    const marketplaceOnly = products.find((x) => !x.sellDirectly && (x.purchaseOptions?.length ?? 0) <= 1);
    if (!direct || !withOptions || !marketplaceOnly) throw new Error("content lacks a product of each buy mode");
    // No network in tests: the marketplace answers from here.
    await context.route(/^https:\/\/codecanyon\.example\.com\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>marketplace</title>" }),
    );
    await page.goto("/products");
    await productCard(page, direct.name).getByRole("button", { name: "Buy Now" }).click();
    const dialog = page.getByRole("dialog", { name: `Buy ${direct.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(direct.directSaleDescription);
    for (const field of ["Name", "Email", "Mobile", "Company", "Message"])
      await expect(dialog.getByLabel(field)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    const card = productCard(page, withOptions.name);
    for (const option of withOptions.purchaseOptions ?? []) {
      await card.getByRole("button", { name: /^Buy on / }).click();
      const item = card.getByRole("link", { name: option.label });
      await expect(item).toBeVisible();
      const [tab] = await Promise.all([page.waitForEvent("popup"), item.click()]);
      await expect(tab).toHaveURL(option.url);
      await tab.close();
    }

    const buy = productCard(page, marketplaceOnly.name).getByRole("link", { name: /^Buy on / });
    await expect(buy).toHaveAttribute("href", marketplaceOnly.codecanyonUrl);
    await expect(buy).toHaveAttribute("target", "_blank");
  });
});

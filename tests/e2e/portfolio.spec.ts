import { axe, asReturningVisitor, expect, test } from "./fixtures.ts";
import { loaderOnly } from "./loader-only.ts";
import { content } from "./site-content.ts";

const projects = content.portfolio;
const CATEGORIES = [
  "Astrology",
  "Food Delivery",
  "E-Commerce",
  "Education",
  "Healthcare",
  "Transport",
  "Social",
  "Logistics",
  "Real Estate",
  "Recruitment",
];

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** The filter is wired by the eager loader, which has run once the page has loaded. */
async function openPortfolio(page: import("@playwright/test").Page, query = "") {
  await page.goto(`/portfolio${query}`);
}

test("All comes first and is selected; every project is listed", async ({ page, consoleErrors }) => {
  await openPortfolio(page);
  const filters = page.getByRole("group", { name: "Filter projects by category" }).getByRole("button");
  await expect(filters).toHaveText(["All", ...CATEGORIES]);
  await expect(filters.first()).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("list", { name: "Projects" }).getByRole("heading")).toHaveCount(projects.length);
  expect(consoleErrors).toEqual([]);
});

test("each category shows only its projects, or says none were found", async ({ page }) => {
  await openPortfolio(page);
  const list = page.getByRole("list", { name: "Projects" });
  for (const category of CATEGORIES) {
    await page.getByRole("button", { name: category, exact: true }).click();
    await expect(page.getByRole("button", { name: category, exact: true })).toHaveAttribute("aria-pressed", "true");
    const expected = projects
      .filter((p) => p.category === category)
      .map((p) => p.title)
      .sort();
    await expect(list.getByRole("heading")).toHaveCount(expected.length);
    const shown = (await list.getByRole("heading").allInnerTexts()).sort();
    expect(shown, category).toEqual(expected);
    if (expected.length === 0) await expect(page.getByText("No projects found in this category.")).toBeVisible();
    else await expect(page.getByText("No projects found in this category.")).toHaveCount(0);
  }
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(list.getByRole("heading")).toHaveCount(projects.length);
});

test("the chosen category is kept in the URL and restored on reload", async ({ page }) => {
  await openPortfolio(page);
  await page.getByRole("button", { name: "E-Commerce", exact: true }).click();
  await expect(page).toHaveURL(/\?category=E-Commerce$/);
  await page.reload();
  await expect(page.getByRole("button", { name: "E-Commerce", exact: true })).toHaveAttribute("aria-pressed", "true");
  const count = projects.filter((p) => p.category === "E-Commerce").length;
  await expect(page.getByRole("list", { name: "Projects" }).getByRole("heading")).toHaveCount(count);
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
});

test("project links: live site and project open in a new tab, Product goes to the product page", async ({ page }) => {
  await openPortfolio(page);
  for (const project of projects) {
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: project.title, exact: true }) });
    if (project.projectUrl) {
      for (const name of ["Live Site", "View Project"]) {
        const link = card.getByRole("link", { name: new RegExp(`^${name}`) });
        await expect(link).toHaveAttribute("href", project.projectUrl);
        await expect(link).toHaveAttribute("target", "_blank");
      }
    } else {
      await expect(card.getByRole("link", { name: /^(Live Site|View Project)/ })).toHaveCount(0);
    }
    if (project.productId)
      await expect(card.getByRole("link", { name: /^Product/ })).toHaveAttribute(
        "href",
        `/products/${project.productId}`,
      );
    else await expect(card.getByRole("link", { name: /^Product/ })).toHaveCount(0);
  }
});

// The page as loaded is checked by every-route.spec.ts; this is the state a visitor's filter makes.
test("the portfolio's filter has no accessibility violations with the empty message shown", async ({ page }) => {
  await openPortfolio(page);
  await page.getByRole("button", { name: "Recruitment", exact: true }).click();
  await expect(page.getByText("No projects found in this category.")).toBeVisible();
  expect((await axe(page).include(".list-filter").include(".card-grid").analyze()).violations).toEqual([]);
});

test("the first tap filters at once, with no request and no script but the eager loader", async ({ page }) => {
  const asked = await loaderOnly(page);
  await page.goto("/portfolio");
  await page.waitForLoadState("networkidle");
  asked.length = 0;
  await page.getByRole("button", { name: "Astrology", exact: true }).click();
  await expect(page.getByRole("button", { name: "Astrology", exact: true })).toHaveAttribute("aria-pressed", "true");
  const expected = projects.filter((p) => p.category === "Astrology").map((p) => p.title);
  await expect(page.getByRole("list", { name: "Projects" }).getByRole("heading")).toHaveText(expected);
  await expect(page).toHaveURL(/\/portfolio\?category=Astrology$/);
  expect(asked).toEqual([]);
});

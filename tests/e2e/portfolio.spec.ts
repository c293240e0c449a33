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

test("All comes first and is selected with every project listed; each category shows only its projects, or says none were found (with no accessibility violations)", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/portfolio");
  const filters = page.getByRole("group", { name: "Filter projects by category" }).getByRole("button");
  await expect(filters).toHaveText(["All", ...CATEGORIES]);
  await expect(filters.first()).toHaveAttribute("aria-pressed", "true");
  const list = page.getByRole("list", { name: "Projects" });
  await expect(list.getByRole("heading")).toHaveCount(projects.length);
  expect(consoleErrors).toEqual([]);
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
    if (expected.length > 0) await expect(page.getByText("No projects found in this category.")).toHaveCount(0);
    else {
      await expect(page.getByText("No projects found in this category.")).toBeVisible();
      // every-route.spec.ts checks the page as loaded; this is the state a visitor's filter makes.
      expect((await axe(page).include(".list-filter").include(".card-grid").analyze()).violations).toEqual([]);
    }
  }
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(list.getByRole("heading")).toHaveCount(projects.length);
});

test("the chosen category is kept in the URL and restored on reload", async ({ page }) => {
  await page.goto("/portfolio");
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
  await page.goto("/portfolio");
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

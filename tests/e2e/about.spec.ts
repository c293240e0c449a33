import { asReturningVisitor, expect, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

const { site, about } = content;

test.beforeEach(async ({ page }) => {
  // A returning visitor: consent given, WhatsApp popup already seen, so nothing covers the page.
  await asReturningVisitor(page);
});

test("the about page shows the company figures from the site settings, six values, the timeline and the team", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(site.name);
  const facts = page.getByRole("list", { name: "Company facts" });
  for (const [value, label] of [
    [String(site.company.foundingYear), "Founded"],
    [site.company.clientCount, "Happy Clients"],
    [site.company.productCount, "Products"],
    [site.company.yearsExperience, "Years Experience"],
  ]) {
    await expect(facts.getByRole("listitem").filter({ hasText: label })).toContainText(String(value));
  }
  expect(consoleErrors).toEqual([]);
  const values = page.getByRole("region", { name: "Our Values" });
  await expect(values.getByRole("heading", { level: 3 })).toHaveCount(6);
  const journey = page.getByRole("region", { name: "Our Journey" });
  await expect(journey.getByRole("listitem")).toHaveCount(about.timeline.length);
  for (const year of [2016, 2018, 2020, 2022, 2024])
    await expect(journey.getByText(String(year), { exact: true })).toBeVisible();
  await expect(journey.getByRole("heading", { name: "1200+ clients and 9+ products" })).toBeVisible();
  await expect(page.getByRole("heading", { name: about.team.heading })).toBeVisible();
  await expect(page.getByText(`Team of ${site.company.teamSize}`)).toBeVisible();
});

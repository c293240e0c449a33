import { asReturningVisitor, expect, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("an unknown path shows 404, says the page was not found, links home and logs the path", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  const response = await page.goto("/some/missing-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(logged.some((line) => line.includes("/some/missing-page"))).toBe(true);
});

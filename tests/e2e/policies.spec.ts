import { asReturningVisitor, expect, test } from "./fixtures.ts";

const POLICIES: { path: string; title: string; rules?: string[] }[] = [
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/terms", title: "Terms & Conditions" },
  {
    path: "/refund",
    title: "Refund and Support Policy",
    rules: [
      "Before team assignment: you are entitled to a refund of 90% of the amount paid",
      "10% is a processing fee",
      "After team assignment and communication group creation: no refund",
      "full refund (100%)",
      "review refund requests within 5 to 7 business days",
      "Approved refunds are processed within 14 to 21 business days",
      "limited to the amount you actually paid",
    ],
  },
  { path: "/cookies", title: "Cookies Policy" },
  { path: "/disclaimer", title: "Disclaimer" },
];

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

for (const policy of POLICIES) {
  test(`${policy.path} says when it was last updated, has a working table of contents and states its rules`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(policy.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(policy.title);
    await expect(page.getByText("Last updated January 1, 2025")).toBeVisible();
    const toc = page.getByRole("navigation", { name: "On this page" });
    const links = toc.getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    const last = links.last();
    const heading = page.locator(`[id="${(await last.getAttribute("href"))?.slice(1)}"]`);
    await expect(heading).toHaveText((await last.textContent()) ?? "");
    await last.click();
    await expect(heading).toBeInViewport();
    expect(consoleErrors).toEqual([]);
    for (const rule of policy.rules ?? []) await expect(page.locator("article.prose")).toContainText(rule);
  });
}

import { axe, asReturningVisitor, expect, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

const { site } = content;
const faq = content.faq.categories;
const CATEGORIES = [
  "General Questions",
  "Purchasing & Licensing",
  "Installation & Setup",
  "Technical Support",
  "Product Features & Customization",
  "Technical Questions",
  "Security & Updates",
  "Business & Commercial",
  "Getting Started",
  "Specific Products",
];

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the FAQ links to contact and products, lists the ten categories and declares the same questions as structured data", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  const intro = page.locator("header.page-header");
  await expect(intro.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  await expect(intro.getByRole("link", { name: "browse our products" })).toHaveAttribute("href", "/products");
  for (const category of CATEGORIES)
    await expect(page.getByRole("heading", { level: 2, name: category, exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // The FAQPage structured data lists the same questions and answers as the page.
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const faqPage = blocks.find((b) => b["@type"] === "FAQPage");
  const pairs = faq.flatMap((c) =>
    c.questions.map((q) => ({ "@type": "Question", name: q.q, acceptedAnswer: { "@type": "Answer", text: q.a } })),
  );
  expect(faqPage.mainEntity).toEqual(pairs);
  await expect(page.locator("details summary")).toHaveCount(pairs.length);
});

test("within a category one answer is open at a time, an open answer can be closed, and an open one has no accessibility violations", async ({
  page,
}) => {
  await page.goto("/faq");
  const [first, second] = faq[0]?.questions ?? [];
  const other = faq[1]?.questions[0];
  if (!first || !second || !other)
    throw new Error("content/faq.yaml needs two categories, the first with two questions");
  const answer = (a: string) => page.getByText(a, { exact: true });

  await page.getByText(first.q, { exact: true }).click();
  await expect(answer(first.a)).toBeVisible();
  await page.getByText(other.q, { exact: true }).click();
  await expect(answer(other.a)).toBeVisible();
  await expect(answer(first.a)).toBeVisible(); // another category does not close it

  await page.getByText(second.q, { exact: true }).click();
  await expect(answer(second.a)).toBeVisible();
  await expect(answer(first.a)).toBeHidden(); // the same category does
  await expect(answer(other.a)).toBeVisible();

  await page.getByText(second.q, { exact: true }).click();
  await expect(answer(second.a)).toBeHidden();
  // every-route.spec.ts checks the page as loaded; this is the state a visitor's click makes.
  await expect(page.locator("details[open]")).toHaveCount(1);
  expect((await axe(page).include("details[open]").analyze()).violations).toEqual([]);
});

test("Still Have Questions offers contact and the ticket portal; three cards lead on", async ({ page }) => {
  await page.goto("/faq");
  const box = page.getByRole("region", { name: "Still Have Questions?" });
  await expect(box.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  const ticket = box.getByRole("link", { name: /Submit a Ticket/ });
  await expect(ticket).toHaveAttribute("href", site.contact.ticketPortalUrl);
  await expect(ticket).toHaveAttribute("target", "_blank");
  const cards = page.getByRole("list", { name: "Next steps" }).getByRole("link");
  expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "/products",
    "/installation",
    "/refund",
  ]);
});

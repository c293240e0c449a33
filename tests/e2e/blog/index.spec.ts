import type { Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../../src/schemas/lead-fields.ts";
import { axe, asReturningVisitor, expect, SES_URL, test } from "../fixtures.ts";
import { loaderOnly } from "../loader-only.ts";
import { content } from "../site-content.ts";

const { posts, site } = content;

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

const titles = (page: Page) => page.getByRole("list", { name: "Articles" }).getByRole("heading");

/** The articles a visitor expects: search in title or excerpt, ignoring case, within the category. */
const expected = (search: string, category: string) =>
  posts
    .filter((p) => category === "All" || p.category === category)
    .filter((p) => `${p.title} ${p.excerpt}`.toLowerCase().includes(search.toLowerCase()))
    .map((p) => p.title)
    .sort();

test("cards show image, category, title, excerpt, short date, read time and Read More", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/blog");
  await expect(titles(page)).toHaveCount(posts.length);
  const post = posts[0];
  if (!post) throw new Error("no posts in content/blog");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: post.title }) });
  const shortDate = new Date(`${post.date}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(card).toContainText(post.category);
  await expect(card).toContainText(post.excerpt);
  await expect(card).toContainText(shortDate);
  await expect(card).toContainText(/\d+ min read/);
  await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/blog/${post.slug}`);
  await expect(card.getByRole("img")).toHaveCount(0); // decorative: alt=""
  await expect(card.locator("img")).toHaveAttribute("src", /\/images\/blog\//);
  expect(consoleErrors).toEqual([]);
});

test("search and category filter together, case-insensitively, say when nothing matches (with no accessibility violations), and are kept in the URL", async ({
  page,
}) => {
  await page.goto("/blog");
  const buttons = page.getByRole("group", { name: "Filter articles by category" }).getByRole("button");
  await expect(buttons).toHaveText([
    "All",
    ...["Technology", "Business", "Marketing"].filter((c) => posts.some((p) => p.category === c)),
  ]);
  await expect(buttons.first()).toHaveAttribute("aria-pressed", "true");

  const search = page.getByPlaceholder("Search articles...");
  await search.fill("Dwarf"); // only in an excerpt
  await expect(titles(page)).toHaveCount(expected("dwarf", "All").length);
  expect((await titles(page).allInnerTexts()).sort()).toEqual(expected("dwarf", "All"));

  await search.fill("APP");
  expect(expected("app", "All").length).toBeLessThan(posts.length);
  await expect(titles(page)).toHaveCount(expected("app", "All").length);
  expect((await titles(page).allInnerTexts()).sort()).toEqual(expected("app", "All"));

  await page.getByRole("button", { name: "Business", exact: true }).click();
  await expect(titles(page)).toHaveCount(expected("app", "Business").length);
  expect((await titles(page).allInnerTexts()).sort()).toEqual(expected("app", "Business"));

  await search.fill("no article says this");
  await expect(titles(page)).toHaveCount(0);
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
  // every-route.spec.ts checks the page as loaded; this is the state a visitor's search makes.
  expect((await axe(page).include(".list-filter").include(".card-grid").analyze()).violations).toEqual([]);

  await search.fill("");
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(titles(page)).toHaveCount(posts.length);
  await expect(page.getByText("No articles found matching your criteria.")).toHaveCount(0);

  // Search and category are kept in the URL.
  await search.fill("whatsapp");
  await page.getByRole("button", { name: "Marketing", exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?search=whatsapp&category=Marketing$/);
  await page.reload();
  await expect(page.getByPlaceholder("Search articles...")).toHaveValue("whatsapp");
  await expect(page.getByRole("button", { name: "Marketing", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(titles(page)).toHaveCount(expected("whatsapp", "Marketing").length);
});

test("the RSS feed is linked from the head, parses, and lists every post", async ({ page }) => {
  await page.goto("/blog");
  const href = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href");
  expect(href).toBeTruthy();
  const feed = await page.evaluate(async (url) => {
    const xml = new DOMParser().parseFromString(await (await fetch(url)).text(), "application/xml");
    return {
      error: xml.querySelector("parsererror")?.textContent ?? null,
      items: [...xml.querySelectorAll("channel > item")].map((item) => ({
        title: item.querySelector("title")?.textContent,
        link: item.querySelector("link")?.textContent,
      })),
    };
  }, href ?? "");
  expect(feed.error).toBeNull();
  expect(feed.items).toHaveLength(5);
  expect(feed.items.map((i) => i.title).sort()).toEqual(posts.map((p) => p.title).sort());
  for (const item of feed.items) expect(item.link).toMatch(new RegExp(`^${site.url}/blog/[a-z0-9-]+$`));
});

/** Mails the server under test sent to `to`. */
async function mailsTo(to: string): Promise<Array<{ subject: string; body: { text?: string } }>> {
  const { emails } = (await (await fetch(`${SES_URL}/store`)).json()) as {
    emails: Array<{ destination: { to: string[] }; subject: string; body: { text?: string } }>;
  };
  return emails.filter((mail) => mail.destination.to.includes(to));
}

test.describe("the newsletter box without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the address and lands on a page that says to check the inbox; the mailed link confirms on a press", async ({
    page,
    browser,
    baseURL,
  }) => {
    const address = `plain-${Date.now()}@example.org`;
    await page.goto("/blog");
    const box = page.getByRole("region", { name: "Subscribe to Our Newsletter" });
    await box.getByRole("textbox", { name: "Your e-mail address" }).fill(address);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter\/check-your-inbox$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
    await expect.poll(async () => (await mailsTo(address)).length).toBe(1);
    const [mail] = await mailsTo(address);
    const link = /\/api\/confirm-subscription\?token=\S+/.exec(mail?.body.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");

    // Opening the link confirms nothing (mail scanners open every link); without scripts the page says what to do.
    await page.goto(link);
    await expect(page).toHaveURL(/\/newsletter\/confirm\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await expect(page.getByText("The button needs JavaScript, which is off in this browser")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my subscription" })).toBeHidden();

    // The reader's own browser runs the page's script: the press confirms.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
    const reader = await context.newPage();
    await reader.goto(link);
    await expect(reader.getByText("The button needs JavaScript")).toBeHidden();
    expect((await axe(reader).analyze()).violations).toEqual([]);
    await reader.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(reader).toHaveURL(/\/newsletter\/confirmed$/);
    await expect(reader.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
    await reader.goto(`${link.slice(0, -2)}xx`);
    await expect(reader.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    await reader.goto("/newsletter/confirm");
    await expect(reader.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    await context.close();
  });
});

test("the newsletter box subscribes with a toast once awake, and mails one confirmation", async ({
  page,
  consoleErrors,
}) => {
  const address = `toast-${Date.now()}@example.org`;
  await page.clock.install();
  await page.goto("/blog");
  const box = page.getByRole("region", { name: "Subscribe to Our Newsletter" });
  const email = box.getByRole("textbox", { name: "Your e-mail address" });
  await expect(email).toHaveAttribute("type", "email");
  await email.fill(address);
  // A person takes more than the timing check's 2 s (MIN_FILL_MS); the page measures on its own clock from when it
  // opened, so the test moves that clock on instead of waiting.
  await page.clock.fastForward(MIN_FILL_MS + 100);
  await expect(page.locator('site-island[data-island="newsletter-form"]')).toHaveAttribute("data-hydrated", "");
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Almost done! Check your inbox and confirm your subscription.")).toBeVisible();
  await expect(page).toHaveURL(/\/blog$/);
  await expect
    .poll(async () => (await mailsTo(address)).map((mail) => mail.subject))
    .toEqual([`Confirm your subscription to the ${site.name} newsletter`]);
  expect(consoleErrors).toEqual([]);
});

test("what the visitor types while the filter is still waking up is kept", async ({ page }) => {
  await page.goto("/blog");
  await page.getByPlaceholder("Search articles...").pressSequentially("whatsapp");
  await expect(page).toHaveURL(/\/blog\?search=whatsapp$/);
  await expect(titles(page)).toHaveCount(expected("whatsapp", "All").length);
});

test("the first keystroke and the first tap filter at once, with no request and no script but the eager loader", async ({
  page,
}) => {
  const asked = await loaderOnly(page);
  await page.goto("/blog");
  await page.waitForLoadState("networkidle");
  asked.length = 0;
  await page.getByPlaceholder("Search articles...").press("w");
  await expect(titles(page)).toHaveCount(expected("w", "All").length);
  expect((await titles(page).allInnerTexts()).sort()).toEqual(expected("w", "All"));
  await page.getByRole("button", { name: "Marketing", exact: true }).click();
  await expect(page.getByRole("button", { name: "Marketing", exact: true })).toHaveAttribute("aria-pressed", "true");
  expect((await titles(page).allInnerTexts()).sort()).toEqual(expected("w", "Marketing"));
  await expect(page).toHaveURL(/\/blog\?search=w&category=Marketing$/);
  expect(asked).toEqual([]);
});

test("a shared link opens already filtered, and going back and forth follows the URL", async ({ page }) => {
  await page.goto("/blog?search=app&category=Business");
  await expect(page.getByPlaceholder("Search articles...")).toHaveValue("app");
  await expect(page.getByRole("button", { name: "Business", exact: true })).toHaveAttribute("aria-pressed", "true");
  expect((await titles(page).allInnerTexts()).sort()).toEqual(expected("app", "Business"));
  await page.goto("/blog?category=Marketing");
  await page.goBack();
  await expect(page.getByPlaceholder("Search articles...")).toHaveValue("app");
  expect((await titles(page).allInnerTexts()).sort()).toEqual(expected("app", "Business"));
});

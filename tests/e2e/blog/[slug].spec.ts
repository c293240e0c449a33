import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { renderMarkdown } from "../../../build/markdown.ts";
import { axe, asReturningVisitor, expect, test } from "../fixtures.ts";
import { content } from "../site-content.ts";

const { posts, site } = content;
const first = posts.find((p) => posts.some((o) => o !== p && o.category === p.category)) ?? posts[0];
if (!first) throw new Error("no posts in content/blog");

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the article shows its header, author, long date, read time, content and author box", async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`/blog/${first.slug}`);
  await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  const header = page.locator("article header");
  await expect(header).toContainText(first.category);
  await expect(header).toContainText(first.author.name);
  await expect(header).toContainText(first.author.bio);
  await expect(header.getByText(first.author.avatar, { exact: true })).toBeVisible();
  const longDate = new Date(`${first.date}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(header).toContainText(longDate);
  await expect(header).toContainText(/\d+ min read/);
  await expect(page.locator("article .prose p").first()).toBeVisible();
  const authorBox = page.getByRole("complementary", { name: "About the Author" });
  await expect(authorBox).toContainText(first.author.name);
  await expect(authorBox).toContainText(first.author.bio);
  // Sharing costs no framework: the article loads no island chunk for it.
  await expect(page.locator(".share-bar site-island")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(consoleErrors).toEqual([]);
});

for (const post of posts) {
  test(`related articles of "${post.slug}": same category, never itself, at most 3`, async ({ page }) => {
    await page.goto(`/blog/${post.slug}`);
    const expected = posts.filter((p) => p.category === post.category && p.slug !== post.slug);
    const related = page.getByRole("list", { name: "Related articles" }).getByRole("listitem");
    if (expected.length === 0) {
      await expect(page.getByRole("heading", { name: "Related Articles" })).toHaveCount(0);
      return;
    }
    await expect(related).toHaveCount(Math.min(3, expected.length));
    for (const item of await related.all()) {
      await expect(item).toContainText(post.category);
      const href = await item.getByRole("heading").getByRole("link").getAttribute("href");
      expect(href).not.toBe(`/blog/${post.slug}`);
      expect(expected.map((p) => `/blog/${p.slug}`)).toContain(href);
    }
  });
}

test("share links carry the article's URL, and Copy link copies it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/blog/${first.slug}`);
  const url = `${site.url}/blog/${first.slug}`;
  for (const [network, host] of [
    ["LinkedIn", "www.linkedin.com"],
    ["X", "x.com"],
    ["Facebook", "www.facebook.com"],
    ["WhatsApp", "wa.me"],
  ]) {
    const link = page.getByRole("link", { name: `Share on ${network}` });
    await expect(link).toHaveAttribute("target", "_blank");
    const href = new URL((await link.getAttribute("href")) ?? "");
    expect(href.host).toBe(host);
    expect(
      [...href.searchParams.values()].some((value) => value.includes(url)),
      network,
    ).toBe(true);
  }
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Link copied to the clipboard" })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test("Share… opens the Web Share API with the article where the browser offers it, and is absent where it does not", async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined });
  });
  await page.goto(`/blog/${first.slug}`);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share…" })).toHaveCount(0);

  const offering = await page.context().newPage();
  await asReturningVisitor(offering);
  await offering.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      },
    });
  });
  await offering.goto(`/blog/${first.slug}`);
  await offering.getByRole("button", { name: "Share…" }).click();
  await expect
    .poll(() => offering.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
    .toEqual({ title: first.title, url: `${site.url}/blog/${first.slug}` });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the share links stay and the buttons that need a script are not shown", async ({ page }) => {
    await page.goto(`/blog/${first.slug}`);
    await expect(page.getByRole("link", { name: "Share on LinkedIn" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  });
});

/** A body with a long line of code and an aligned table, through the real markdown stage (no real post needs one). */
const CODE_AND_TABLES = readFileSync(
  path.resolve(import.meta.dirname, "../../fixtures/prose/code-and-tables.md"),
  "utf8",
);

test.describe("code blocks and tables on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a long line of code and a wide table scroll inside their boxes by keyboard, never the page; a table keeps its words whole and its columns align as written", async ({
    page,
  }) => {
    const { html } = await renderMarkdown(CODE_AND_TABLES, "code-and-tables.md");
    await page.goto(`/blog/${first.slug}`);
    await page.locator("article .prose").evaluate((prose, body) => {
      prose.innerHTML = body;
    }, html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const block = page.getByRole("group", { name: "Code example" });
    const scroll = () => block.evaluate((pre) => ({ left: pre.scrollLeft, more: pre.scrollWidth - pre.clientWidth }));
    expect((await scroll()).more).toBeGreaterThan(0);
    expect(await block.evaluate((pre) => getComputedStyle(pre).fontFamily)).toContain("monospace");
    await block.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await scroll()).left).toBeGreaterThan(0);

    const alignments = await page
      .locator("article .prose tbody tr")
      .first()
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
    expect(alignments).toEqual(["left", "center", "right"]);
    expect(await brokenWords(page)).toEqual([]);
    const wide = page.getByRole("group", { name: "Table" }).last();
    const across = () => wide.evaluate((box) => ({ left: box.scrollLeft, more: box.scrollWidth - box.clientWidth }));
    expect((await across()).more).toBeGreaterThan(0);
    await wide.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await across()).left).toBeGreaterThan(0);
    expect((await axe(page).include("article .prose").analyze()).violations).toEqual([]);
  });

  test("an article's table keeps its words whole, within the page, with room below it", async ({ page }) => {
    const withTable = posts.find((post) => post.html.includes("<table>"));
    if (!withTable) throw new Error("no published post has a table");
    await page.goto(`/blog/${withTable.slug}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await brokenWords(page)).toEqual([]);
    const box = page.getByRole("group", { name: "Table" }).first();
    const gap = await box.evaluate(
      (element) =>
        (element.nextElementSibling?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY) -
        element.getBoundingClientRect().bottom,
    );
    expect(gap).toBeGreaterThanOrEqual(16);
  });
});

/**
 * The words of the article's tables that the browser split across two lines: each word's characters are measured as a
 * Range, and a word whose boxes stand on more than one line was broken inside (a line may end at a space or after a
 * dash only).
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.locator("article .prose table").evaluateAll((tables) =>
    tables.flatMap((table) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? "").matchAll(/[^\s\-–—]+[-–—]?/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) broken.push(word[0]);
        }
      }
      return broken;
    }),
  );
}

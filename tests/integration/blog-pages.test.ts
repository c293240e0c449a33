import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { build } from "../../build/index.ts";
import { generate } from "../fixtures/synthetic-content.ts";
import { BLOG_INDEX_PATH, type BlogIndexEntry } from "../../src/lib/blog.ts";
import { BLOG_PAGE_SIZE } from "../../src/lib/limits.ts";
import { ROOT } from "../fixtures/content.ts";

const POSTS = 2 * BLOG_PAGE_SIZE + 7;

/** A blog longer than one page: the site's content with articles added until there are POSTS. */
describe("a blog of several pages", () => {
  let work: string;
  let dist: string;
  const page = (file: string) => readFile(path.join(dist, file), "utf8");
  // The filter's card template (filled in by the browser for matches on other pages) is not one of the page's cards.
  const cards = (html: string) =>
    [
      ...html
        .replace(/<template>[\s\S]*?<\/template>/g, "")
        .matchAll(/<li class="card post-card"[^>]*>[\s\S]*?<a href="(\/blog\/[^"]+)"/g),
    ].map((m) => m[1]);
  const links = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<link rel="(canonical|prev|next)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    );

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "blog-pages-"));
    await generate(path.join(ROOT, "content"), path.join(work, "content"), POSTS);
    dist = path.join(work, "dist");
    // The repository's cache: rendered markdown and share cards are keyed by their inputs, so sharing it is safe.
    await build({
      rootDir: ROOT,
      contentDir: path.join(work, "content"),
      outDir: dist,
      cacheDir: path.join(ROOT, ".cache"),
    });
  }, 120_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  test("lists the newest articles on /blog and the rest on numbered pages, each article once", async () => {
    expect((await readdir(path.join(dist, "blog/page"))).sort()).toEqual(["2", "3"]);
    const lists = await Promise.all(
      ["blog/index.html", "blog/page/2/index.html", "blog/page/3/index.html"].map(async (file) =>
        cards(await page(file)),
      ),
    );
    expect(lists.map((list) => list.length)).toEqual([BLOG_PAGE_SIZE, BLOG_PAGE_SIZE, POSTS - 2 * BLOG_PAGE_SIZE]);
    expect(new Set(lists.flat()).size).toBe(POSTS);
  });

  test("gives each page its own canonical address and links its neighbours", async () => {
    const origin = "https://www.example.com";
    expect(links(await page("blog/index.html"))).toEqual({
      canonical: `${origin}/blog`,
      next: `${origin}/blog/page/2`,
    });
    expect(links(await page("blog/page/2/index.html"))).toEqual({
      canonical: `${origin}/blog/page/2`,
      prev: `${origin}/blog`,
      next: `${origin}/blog/page/3`,
    });
    expect(links(await page("blog/page/3/index.html"))).toEqual({
      canonical: `${origin}/blog/page/3`,
      prev: `${origin}/blog/page/2`,
    });
  });

  test("marks the current page among the page links, which work without JavaScript", async () => {
    const html = await page("blog/page/2/index.html");
    const nav = html.match(/<nav class="pagination"[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect([...nav.matchAll(/<a href="([^"]+)" aria-current="page"/g)].map((m) => m[1])).toEqual(["/blog/page/2"]);
    expect([...nav.matchAll(/<a [^>]*?href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/blog",
      "/blog",
      "/blog/page/2",
      "/blog/page/3",
      "/blog/page/3",
    ]);
  });

  test("shows the blog's share card on its later pages: no card is drawn per page of the list", async () => {
    const image = (html: string) => html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    const first = image(await page("blog/index.html"));
    expect(first).toBe("https://www.example.com/og/blog.png");
    expect(image(await page("blog/page/3/index.html"))).toBe(first);
    expect(existsSync(path.join(dist, "og/blog/page"))).toBe(false);
  });

  test("lists every page of the blog in the sitemap", async () => {
    const sitemap = await page("sitemap.xml");
    for (const url of ["/blog", "/blog/page/2", "/blog/page/3"])
      expect(sitemap).toContain(`<loc>https://www.example.com${url}</loc>`);
  });

  test("gives each page's filter the list of every article and a card to fill in for matches on other pages", async () => {
    const html = await page("blog/page/2/index.html");
    expect(html).toContain(`data-filter-index="${BLOG_INDEX_PATH}" data-filter-pager="blog-pages"`);
    expect(html).toMatch(
      /<template><li class="card post-card" data-category="\{\{category\}\}">[\s\S]*?href="\/blog\/\{\{slug\}\}"/,
    );
  });

  test("writes every article, newest first, to the list the blog filter searches", async () => {
    const index = JSON.parse(await page(BLOG_INDEX_PATH.slice(1))) as BlogIndexEntry[];
    expect(index).toHaveLength(POSTS);
    expect(Object.keys(index[0] ?? {}).sort()).toEqual([
      "category",
      "date",
      "excerpt",
      "image",
      "readingMinutes",
      "slug",
      "title",
    ]);
    expect(index.map((post) => post.date)).toEqual(
      index
        .map((post) => post.date)
        .sort()
        .reverse(),
    );
  });

  test("puts no more on /blog than on any other page of the list: no page carries the whole blog", async () => {
    const [first, second] = await Promise.all([page("blog/index.html"), page("blog/page/2/index.html")]);
    expect(Math.abs(first.length - second.length) / second.length).toBeLessThan(0.1);
  });
});

import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { BuildCache } from "../../../build/cache.ts";
import { BuildError } from "../../../build/errors.ts";
import { pngSize } from "../../../build/plugins/drawing/png.ts";
import { buildShareCards, type ShareCardsInput } from "../../../build/plugins/share-cards/share-cards.ts";
import { ROOT } from "../../fixtures/content.ts";
import { imageFacts, photo } from "../../fixtures/images.ts";

const page = (pagePath: string, head: Partial<ShareCardsInput["pages"][number]["head"]> = {}) => ({
  route: { path: pagePath },
  head: { title: `Title of ${pagePath}`, description: "What the page is about, in a sentence or two.", ...head },
});

describe("buildShareCards", () => {
  let cacheDir: string;
  const input = (pages: ShareCardsInput["pages"], cache = true): ShareCardsInput => ({
    pages,
    site: { name: "Nexaworks Apps", url: "https://www.example.com" },
    contentDir: path.join(ROOT, "content"),
    logoFile: path.join(ROOT, "public/favicon.svg"),
    tokensFile: path.join(ROOT, "src/styles/tokens.css"),
    cache: new BuildCache({ rootDir: ROOT, dir: cache ? cacheDir : undefined }),
  });

  beforeEach(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), "og-cache-"));
  });
  afterEach(() => rm(cacheDir, { recursive: true, force: true }));

  test("should draw a 1200×630 PNG for every page, named after the page, with or without artwork", async () => {
    const result = await buildShareCards(
      input([
        page("/faq"),
        page("/products/esim", { image: "/images/products/esim.svg" }),
        page("/products/_404.html"),
      ]),
    );
    expect(result.files.map((f) => f.path)).toEqual(["og/faq.png", "og/products/esim.png", "og/products/404.png"]);
    expect(result.files.map((f) => pngSize(f.contents))).toEqual(Array(3).fill({ width: 1200, height: 630 }));
    expect(result).toMatchObject({
      rendered: 3,
      cached: 0,
      bytes: result.files.reduce((n, f) => n + f.contents.length, 0),
    });
  });

  test("should draw one card per article cover, shared by the articles that use it, whatever their titles", async () => {
    const article = (slug: string, cover: string) =>
      page(`/blog/${slug}`, {
        image: `/images/blog/${cover}.svg`,
        article: { publishedTime: "2025-01-01", section: "Business", author: "A" },
      });
    const result = await buildShareCards(
      input([
        article("one", "launch-astrology-consultation-app"),
        article("two", "launch-astrology-consultation-app"),
        article("three", "quick-commerce-unit-economics"),
      ]),
    );
    expect(result.files.map((f) => f.path)).toEqual([
      "og/covers/blog/launch-astrology-consultation-app.png",
      "og/covers/blog/quick-commerce-unit-economics.png",
    ]);
    expect(result.files.map((f) => pngSize(f.contents))).toEqual(Array(2).fill({ width: 1200, height: 630 }));
    expect(result).toMatchObject({ rendered: 2, cached: 0 });
  });

  test("should fill the card with a cover of another shape, centred and cut to the card", async () => {
    const article = page("/blog/odd", {
      image: "/images/products/esim.svg",
      article: { publishedTime: "2025-01-01", section: "Business", author: "A" },
    });
    const result = await buildShareCards(input([article]));
    expect(result.files.map((f) => [f.path, pngSize(f.contents)])).toEqual([
      ["og/covers/products/esim.png", { width: 1200, height: 630 }],
    ]);
  });

  test("should draw a page or cover showing a phone photo as a JPEG of at most 300 KB", async () => {
    const contentDir = await mkdtemp(path.join(tmpdir(), "og-photo-"));
    try {
      await mkdir(path.join(contentDir, "images/blog"), { recursive: true });
      await writeFile(path.join(contentDir, "images/blog/team.jpg"), await photo(4000, 3000, "jpeg", 7));
      const result = await buildShareCards({
        ...input([
          page("/blog/team", {
            image: "/images/blog/team.jpg",
            article: { publishedTime: "2025-01-01", section: "Business", author: "A" },
          }),
          page("/products/team", { image: "/images/blog/team.jpg" }),
        ]),
        contentDir,
      });
      const card = { format: "jpeg", width: 1200, height: 630 };
      expect(await Promise.all(result.files.map(async (f) => [f.path, await imageFacts(f.contents)]))).toEqual([
        ["og/covers/blog/team.jpg", card],
        ["og/products/team.jpg", card],
      ]);
      for (const file of result.files) expect(file.contents.length).toBeLessThanOrEqual(300_000);
    } finally {
      await rm(contentDir, { recursive: true, force: true });
    }
  });

  test("should take unchanged cards from the cache and redraw only a page whose title changed", async () => {
    const first = await buildShareCards(input([page("/faq"), page("/about")]));
    const again = await buildShareCards(input([page("/faq"), page("/about")]));
    expect(again).toMatchObject({ rendered: 0, cached: 2 });
    expect(again.files.map((f) => f.contents)).toEqual(first.files.map((f) => f.contents));
    const edited = await buildShareCards(
      input([page("/faq", { title: "Frequently Asked Questions" }), page("/about")]),
    );
    expect(edited).toMatchObject({ rendered: 1, cached: 1 });
    expect(edited.files[0]?.contents).not.toEqual(first.files[0]?.contents);
    expect(await readdir(path.join(cacheDir, "cards"))).toHaveLength(3);
  });

  test("should draw the same bytes on every run (no clock, no system fonts)", async () => {
    const [a, b] = [
      await buildShareCards(input([page("/faq")], false)),
      await buildShareCards(input([page("/faq")], false)),
    ];
    expect(a.files[0]?.contents).toEqual(b.files[0]?.contents);
  });

  test("should name the page whose artwork is missing", async () => {
    const error = await buildShareCards(input([page("/products/gone", { image: "/images/products/gone.svg" })])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BuildError);
    expect((error as Error).message).toBe(
      "Having trouble reading /images/products/gone.svg, the image of /products/gone, for its share card",
    );
  });

  test("should refuse two pages that would share one card", async () => {
    await expect(buildShareCards(input([page("/products/404"), page("/products/_404.html")]))).rejects.toThrow(
      "/products/404 and /products/_404.html would both write the share card og/products/404.png; give the pages distinct paths",
    );
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cachedMarkdown } from "../../../build/markdown-cache.ts";
import { renderMarkdown } from "../../../build/markdown.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("markdown cache", () => {
  let cacheDir: string;
  let renders: string[];
  const counting = async (markdown: string, file: string) => {
    renders.push(file);
    return renderMarkdown(markdown, file);
  };
  beforeEach(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), "markdown-cache-"));
    renders = [];
  });
  afterEach(() => rm(cacheDir, { recursive: true, force: true }));

  test("a later build takes an unchanged article from the cache, with the same HTML and reading time", async () => {
    const first = await (await cachedMarkdown(ROOT, cacheDir, counting))("## Hello\n\nSome words here.", "content/blog/a.md");
    const again = await (await cachedMarkdown(ROOT, cacheDir, counting))("## Hello\n\nSome words here.", "content/blog/a.md");
    expect(renders).toEqual(["content/blog/a.md"]);
    expect(again).toEqual(first);
    expect(again.html).toContain("<h2");
    expect(again.readingMinutes).toBe(1);
  });

  test("an edited article is rendered afresh", async () => {
    const render = await cachedMarkdown(ROOT, cacheDir, counting);
    await render("First text.", "content/blog/a.md");
    const edited = await render("Second text.", "content/blog/a.md");
    expect(renders).toHaveLength(2);
    expect(edited.html).toContain("Second text.");
  });

  test("an article that fails to render fails again on the next build instead of being remembered", async () => {
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error("Unexpected broken image, expected a file in content/images");
    };
    const render = await cachedMarkdown(ROOT, cacheDir, failing);
    await expect(render("![x](/images/none.svg)", "content/blog/a.md")).rejects.toThrow("broken image");
    await expect((await cachedMarkdown(ROOT, cacheDir, failing))("![x](/images/none.svg)", "content/blog/a.md")).rejects.toThrow("broken image");
    expect(calls).toBe(2);
  });
});

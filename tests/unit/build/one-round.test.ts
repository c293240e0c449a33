import { mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { ContentErrors, formatIssue } from "../../../build/errors.ts";
import { build } from "../../../build/index.ts";
import { contentWith, ROOT } from "../../fixtures/content.ts";

test("a misspelt field, a slug another article has, a missing cover and broken links in one article are all reported by one build", async () => {
  const fixture = await contentWith("one-round");
  const out = path.join(await mkdtemp(path.join(tmpdir(), "one-round-")), "dist");
  try {
    const error = await build({ rootDir: ROOT, contentDir: fixture.dir, outDir: out, cacheDir: false }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentErrors);
    const { issues, waiting, message } = error as ContentErrors;
    expect(issues.map(formatIssue)).toEqual([
      'content/blog/three-mistakes.md:4 slug: Expected "three-mistakes" to match the file name, found "quick-commerce-unit-economics"; rename one of them',
      'content/blog/three-mistakes.md:4 slug: Duplicate slug "quick-commerce-unit-economics": content/blog/quick-commerce-unit-economics.md uses it already; give each file its own slug',
      "content/blog/three-mistakes.md:5 titel: Unknown field `titel`: did you mean `title`?",
      "content/blog/three-mistakes.md:13 image: File not found: content/images/blog/no-such-cover.svg; add the image there or correct the path",
      "content/blog/three-mistakes.md:19 link: No page or file at /prodcts/esim; did you mean /products/esim?",
      "content/blog/three-mistakes.md:21 link: No page or file at /blog/no-such-article; check the address against the site's pages",
    ]);
    // An anchor needs the rendered page: the build says it checks it once the content is valid.
    expect(waiting.map(formatIssue)).toEqual([
      "content/blog/three-mistakes.md:23 link: /faq#no-such-question links to an anchor: checked on the rendered page",
    ]);
    expect(message).toContain("Checked in the next round, once the errors above are fixed:");
    expect(existsSync(out)).toBe(false);
  } finally {
    await fixture.cleanup();
    await rm(path.dirname(out), { recursive: true, force: true });
  }
});

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkContentLinks, checkLinksWithoutPages, servedFiles } from "../../../build/check-links.ts";
import { ContentErrors, formatIssue } from "../../../build/errors.ts";
import { build } from "../../../build/index.ts";
import { contentWith, ROOT } from "../../fixtures/content.ts";

const SITE = {
  pages: [
    { path: "/", html: '<main id="main"></main>' },
    { path: "/faq", html: '<h2 id="faq-general-questions">General</h2><h2 id="still-questions">More</h2>' },
    { path: "/blog/launch", html: '<h2 id="day-1">Day 1</h2><h2 id="q&amp;a">Q&amp;A</h2>' },
  ],
  files: new Set(["/rss.xml", "/docs/esim-documentation.pdf"]),
};
const lines = (...urls: string[]) =>
  checkContentLinks(
    urls.map((url, i) => ({ file: "content/blog/launch.md", line: i + 1, url, from: "/blog/launch" })),
    SITE,
  ).map(formatIssue);

describe("checkContentLinks", () => {
  test("only a draft may link to a draft; a scheduled post may link to posts published by its own date", () => {
    const unpublished = [
      { path: "/blog/draft", file: "content/blog/draft.md", reason: { kind: "draft" as const } },
      { path: "/blog/may", file: "content/blog/may.md", reason: { kind: "scheduled" as const, date: "2027-05-01" } },
      { path: "/blog/june", file: "content/blog/june.md", reason: { kind: "scheduled" as const, date: "2027-06-01" } },
      {
        path: "/blog/june-2",
        file: "content/blog/june-2.md",
        reason: { kind: "scheduled" as const, date: "2027-06-01" },
      },
    ];
    // As npm run dev builds them: the unpublished pages exist, with their banners.
    const pages = [...SITE.pages, ...unpublished.map((page) => ({ path: page.path, html: "" }))];
    const from = (page: string, ...urls: string[]) =>
      checkContentLinks(
        urls.map((url) => ({ file: `content${page}.md`, line: 3, url, from: page })),
        { pages, files: SITE.files, unpublished },
      ).map((issue) => `${issue.file} ${/^Links to a draft: (\S+)/.exec(issue.message)?.[1] ?? issue.message}`);
    expect(from("/blog/draft", "/blog/may", "/blog/june", "/faq")).toEqual([]);
    expect(from("/blog/june", "/blog/may", "/blog/june-2")).toEqual([]);
    // As a production build makes them: the scheduled pages are not there to look at.
    const links = [{ file: "content/blog/june.md", line: 3, url: "/blog/may#intro", from: "/blog/june" }];
    expect(checkContentLinks(links, { pages: SITE.pages, files: SITE.files, unpublished })).toEqual([]);
    expect(
      checkContentLinks(
        ["/blog/draft", "/blog/june"].map((url) => ({
          file: "content/blog/launch.md",
          line: 3,
          url,
          from: "/blog/launch",
        })),
        { pages, files: SITE.files, unpublished },
      ).map((issue) => issue.message),
    ).toEqual([
      "Links to a draft: /blog/draft (content/blog/draft.md) has draft: true and is not published; remove the link or publish it",
      "Links to a draft: /blog/june (content/blog/june.md) is scheduled for 2027-06-01 and not published before then; remove the link until that day",
    ]);
    expect(from("/blog/may", "/blog/june", "/blog/draft")).toEqual([
      "content/blog/may.md /blog/june",
      "content/blog/may.md /blog/draft",
    ]);
    expect(from("/blog/launch", "/blog/may#intro", "/blog/draft/")).toEqual([
      "content/blog/launch.md /blog/may",
      "content/blog/launch.md /blog/draft",
    ]);
  });

  test("accepts pages, files, anchors on the page, trailing slashes, queries and other sites", () => {
    expect(
      lines(
        "/",
        "/faq/",
        "/faq#still-questions",
        "/rss.xml",
        "/docs/esim-documentation.pdf",
        "#day-1",
        "#q&a",
        "/faq?x=1",
        "https://example.com/x",
        "mailto:a@b.c",
        "tel:+1",
      ),
    ).toEqual([]);
  });

  test("names a mistyped route and the page it probably meant", () => {
    expect(lines("/fqa")).toEqual(["content/blog/launch.md:1 link: No page or file at /fqa; did you mean /faq?"]);
  });

  test("names an anchor the target page does not have", () => {
    expect(lines("/faq#general")).toEqual([
      "content/blog/launch.md:1 link: No anchor #general on /faq; link to a heading's id or drop the #part",
    ]);
    expect(lines("#day-2")).toEqual([
      "content/blog/launch.md:1 link: No anchor #day-2 on /blog/launch; did you mean #day-1?",
    ]);
  });

  test("resolves a relative link from the page it is written on", () => {
    expect(lines("launch#day-1")).toEqual([]);
    expect(lines("other")).toEqual([
      "content/blog/launch.md:1 link: No page or file at /blog/other; check the address against the site's pages",
    ]);
  });
});

describe("checkLinksWithoutPages (content invalid, no page rendered)", () => {
  const shape = {
    fixed: ["/", "/faq", "/blog"],
    patterns: [
      ["blog", "[slug]"],
      ["blog", "page", "[page]"],
      ["products", "[productId]"],
    ],
    files: new Set(["/favicon.svg", "/images/blog/cover.svg"]),
    contentPages: ["/blog/launch", "/products/esim"],
  };
  const check = (...urls: string[]) =>
    checkLinksWithoutPages(
      urls.map((url, i) => ({ file: "content/blog/launch.md", line: i + 1, url, from: "/blog/launch" })),
      shape,
    );

  test("reports what no page of src/pages, no content file's page and no copied file can be", () => {
    const { issues } = check("/faq", "/products/esim", "/blog/launch", "/images/blog/cover.svg", "/prodcts/esim");
    expect(issues.map(formatIssue)).toEqual([
      "content/blog/launch.md:5 link: No page or file at /prodcts/esim; did you mean /products/esim?",
    ]);
    expect(check("/blog/no-such-article", "/images/blog/no-such.svg").issues.map(formatIssue)).toEqual([
      "content/blog/launch.md:1 link: No page or file at /blog/no-such-article; check the address against the site's pages",
      "content/blog/launch.md:2 link: No page or file at /images/blog/no-such.svg; did you mean /images/blog/cover.svg?",
    ]);
  });

  test("leaves anchors, generated files and pages not made from one file for the next round, saying why", () => {
    const { issues, deferred } = check("/faq#general", "/rss.xml", "/docs/esim-documentation.pdf", "/blog/page/2");
    expect(issues).toEqual([]);
    expect(deferred.map(formatIssue)).toEqual([
      "content/blog/launch.md:1 link: /faq#general links to an anchor: checked on the rendered page",
      "content/blog/launch.md:2 link: /rss.xml links to a file the build makes",
      "content/blog/launch.md:3 link: /docs/esim-documentation.pdf links to a file the build makes",
      "content/blog/launch.md:4 link: /blog/page/2 links to a page made from content",
    ]);
  });
});

describe("build with broken links (tests/fixtures/broken-links)", () => {
  test("fails with each broken link's file and line before drawing a share card or a PDF, and writes nothing", async () => {
    const fixture = await contentWith("broken-links");
    const out = path.join(await mkdtemp(path.join(tmpdir(), "links-")), "dist");
    const stages: string[] = [];
    const log = (line: string) => stages.push(line.slice(1, line.indexOf("]")));
    try {
      const error = await build({ rootDir: ROOT, contentDir: fixture.dir, outDir: out, log }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ContentErrors);
      expect((error as ContentErrors).issues.map(formatIssue)).toEqual([
        "content/blog/link-check.md:25 link: No page or file at /prodcts/esim; did you mean /products/esim?",
        "content/blog/link-check.md:27 link: No anchor #no-such-id on /faq; link to a heading's id or drop the #part",
        "content/blog/link-check.md:29 link: No anchor #who-we-are on /privacy; did you mean #1-who-we-are?",
        "content/blog/link-check.md:33 link: No page or file at /blog/no-such-article; check the address against the site's pages",
      ]);
      expect(existsSync(out)).toBe(false);
      // The links to the manual (a PDF) and the feed are accepted, though neither was made yet.
      expect(stages.slice(-2)).toEqual(["routes", "render"]);
    } finally {
      await fixture.cleanup();
      await rm(path.dirname(out), { recursive: true, force: true });
    }
  });
});

describe("servedFiles", () => {
  test("lists each copied folder's files as served, not dotfiles, folders, what the copy leaves out or a missing folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "served-"));
    try {
      await mkdir(path.join(dir, "blog"));
      for (const file of ["logo.svg", ".DS_Store", "blog/cover.jpg", "draft.png"])
        await writeFile(path.join(dir, file), "");
      const copies = [
        { from: dir, to: "images", leaveOut: new Set(["/images/draft.png"]) },
        { from: path.join(dir, "missing"), to: "" },
      ];
      expect((await servedFiles(copies)).sort()).toEqual(["/images/blog/cover.jpg", "/images/logo.svg"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

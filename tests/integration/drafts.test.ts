import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildCli } from "../../build/cli.ts";
import { BuildSession, build } from "../../build/index.ts";
import { runCli } from "../fixtures/cli.ts";
import { contentWith, expectSameSite, listFiles, ROOT, WARM_CACHE } from "../fixtures/content.ts";

/**
 * tests/fixtures/drafts adds to the real content: a draft post (featured, linking to the scheduled one, with a photo
 * cover of its own), a post dated 2027-05-01 (with its own cover), a draft product with its manual and a draft portfolio project. site.yaml's time zone is Asia/Kolkata.
 */
const BEFORE = new Date("2026-11-25T12:00:00Z");
/** Midnight of 2027-05-01 in Kolkata (UTC+05:30). */
const PUBLISH_DAY = new Date("2027-04-30T18:30:00Z");

/** Words that occur only in the fixture's drafts and scheduled post: none may reach a production build. */
const DRAFT_WORDS = ["orchidwave", "orchid-pricing-notes", "quokkapay", "marmotline"];
const SCHEDULED_WORDS = ["saffronette", "2027-05-01", "01 May 2027"];

/** Every file of a build whose name or bytes contain one of `words` (any case), as "file: word". */
async function filesMentioning(outDir: string, words: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await listFiles(outDir)) {
    const full = path.join(outDir, file);
    if (!(await stat(full)).isFile()) continue;
    const text = `${file}\n${(await readFile(full)).toString("latin1")}`.toLowerCase();
    for (const word of words) if (text.includes(word.toLowerCase())) found.push(`${file}: ${word}`);
  }
  return found;
}

describe("drafts and scheduled posts", () => {
  let work: string;
  let content: { dir: string; cleanup: () => Promise<void> };
  const out = (name: string) => path.join(work, name);
  const read = (name: string, file: string) => readFile(path.join(out(name), file), "utf8");
  const buildAs = (name: string, options: { drafts?: boolean; now: Date }) =>
    build({
      rootDir: ROOT,
      contentDir: content.dir,
      outDir: out(name),
      cacheDir: WARM_CACHE,
      ...options,
    });

  const sourceDateEpoch = process.env.SOURCE_DATE_EPOCH;
  beforeAll(async () => {
    // The documentation PDFs carry a creation date; pinned so that two builds can be compared byte for byte.
    process.env.SOURCE_DATE_EPOCH = "1735689600";
    work = await mkdtemp(path.join(tmpdir(), "drafts-"));
    content = await contentWith("drafts");
  });
  afterAll(async () => {
    if (sourceDateEpoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = sourceDateEpoch;
    await content.cleanup();
    await rm(work, { recursive: true, force: true });
  });

  test("a production build leaves drafts and a future post out of every file it writes", async () => {
    const result = await buildAs("production", { now: BEFORE });
    expect(result.content.posts.map((p) => p.slug)).not.toContain("saffronette-launch");
    expect(await filesMentioning(out("production"), [...DRAFT_WORDS, ...SCHEDULED_WORDS])).toEqual([]);
    // The blog's date in the sitemap is its newest published article's, not the scheduled one's.
    expect(await read("production", "sitemap.xml")).toContain("/blog</loc><lastmod>2025-09-23</lastmod>");
    // The featured draft does not take a place on the home page: the four published featured posts keep theirs.
    const home = await read("production", "index.html");
    for (const slug of ["launch-astrology-consultation-app", "quick-commerce-unit-economics"])
      expect(home).toContain(`/blog/${slug}`);
  });

  /** npm run dev's session, kept for the last test's save. */
  let session: BuildSession;
  test("npm run dev builds them, each page under a Draft banner, and marks the cards in the lists", async () => {
    session = new BuildSession({
      rootDir: ROOT,
      contentDir: content.dir,
      outDir: out("dev"),
      cacheDir: WARM_CACHE,
      drafts: true,
      now: BEFORE,
    });
    await session.build();
    const draft = await read("dev", "blog/orchid-pricing-notes/index.html");
    expect(draft).toMatch(/<div class="draft-banner" role="note" aria-label="Draft">.*<strong[^>]*>Draft<\/strong>/s);
    expect(draft).toContain("Not published: its file says draft: true.");
    expect(draft).toContain("Orchidwave Pricing Notes Under Review");
    expect(await read("dev", "blog/saffronette-launch/index.html")).toContain(
      "Scheduled: published on May 1, 2027. Until then only npm run dev shows it.",
    );
    expect(await read("dev", "products/quokkapay/index.html")).toContain('class="draft-banner"');
    expect(await read("dev", "portfolio/index.html")).toMatch(/draft-badge">Draft<\/span>Logistics/);
    expect(await read("dev", "blog/index.html")).toContain('draft-badge">Scheduled May 1, 2027</span>');
    // A published page carries no banner.
    expect(await read("dev", "blog/saas-script-server-checklist/index.html")).not.toContain("draft-banner");
  });

  test("from midnight of its date in the site's time zone, the scheduled post is published everywhere", async () => {
    await buildAs("published", { now: PUBLISH_DAY });
    const page = await read("published", "blog/saffronette-launch/index.html");
    expect(page).not.toContain("draft-banner");
    expect(await read("published", "blog/index.html")).toContain("/blog/saffronette-launch");
    expect(await read("published", "rss.xml")).toContain("<pubDate>Sat, 01 May 2027 00:00:00 GMT</pubDate>");
    const sitemap = await read("published", "sitemap.xml");
    expect(sitemap).toContain("/blog/saffronette-launch</loc><lastmod>2027-05-01</lastmod>");
    expect(sitemap).toContain("/blog</loc><lastmod>2027-05-01</lastmod>");
    expect(await read("published", "search-index.json")).toContain("saffronette");
    // Its cover, withheld until today, is published with it.
    expect(await read("published", "images/blog/saffronette-cover.svg")).toContain("<svg");
    // The drafts are still drafts.
    expect(await filesMentioning(out("published"), DRAFT_WORDS)).toEqual([]);
  });

  test("links to drafts from published pages, and a scheduled post's broken link, fail the build now (BUILD_NOW)", async () => {
    const edits = [
      [
        "blog/saas-script-server-checklist.md",
        "See [our pricing](/blog/orchid-pricing-notes) and [the launch](/blog/saffronette-launch/).",
      ],
      // Checked before its day: the nightly build of 2027-05-01 must not be the first to see it.
      ["blog/saffronette-launch.md", "Plans start at [the eSIM page](/prodcts/esim), [below](#plans) too."],
    ] as const;
    const before = await Promise.all(edits.map(([file]) => readFile(path.join(content.dir, file), "utf8")));
    await Promise.all(
      edits.map(([file, line], i) => writeFile(path.join(content.dir, file), `${before[i]}\n${line}\n`)),
    );
    try {
      const [checklistLine, launchLine] = before.map((text) => text.split("\n").length + 1);
      const result = await runCli(
        buildCli,
        ["--content", content.dir, "--out", out("refused"), "--cache", WARM_CACHE],
        { ...process.env, BUILD_NOW: "2026-11-25T12:00:00Z" },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("3 content errors:");
      expect(result.stderr).toContain(
        `content/blog/saas-script-server-checklist.md:${checklistLine} link: Links to a draft: /blog/orchid-pricing-notes (content/blog/orchid-pricing-notes.md) has draft: true and is not published; remove the link or publish it`,
      );
      expect(result.stderr).toContain(
        `content/blog/saas-script-server-checklist.md:${checklistLine} link: Links to a draft: /blog/saffronette-launch (content/blog/saffronette-launch.md) is scheduled for 2027-05-01 and not published before then; remove the link until that day`,
      );
      expect(result.stderr).toContain(
        `content/blog/saffronette-launch.md:${launchLine} link: No page or file at /prodcts/esim; did you mean /products/esim?`,
      );
    } finally {
      await Promise.all(edits.map(([file], i) => writeFile(path.join(content.dir, file), before[i] ?? "")));
    }
  });

  test("publishing a draft during npm run dev removes its banner, and the site equals a clean dev build", async () => {
    const file = path.join(content.dir, "blog/orchid-pricing-notes.md");
    const text = await readFile(file, "utf8");
    // Published unfeatured (a fifth featured post would be refused) and without its link to the scheduled post.
    const published = text
      .replace("featured: true\ndraft: true\n", "featured: false\n")
      .replace(" See the [saffronette launch](/blog/saffronette-launch) too.", "");
    await writeFile(file, published);
    try {
      const result = await session.build([file]);
      expect(result.rendered).toBeLessThan(result.pages);
      expect(await read("dev", "blog/orchid-pricing-notes/index.html")).not.toContain("draft-banner");
      await buildAs("clean-dev", { drafts: true, now: BEFORE });
      await expectSameSite(out("dev"), out("clean-dev"));
    } finally {
      await writeFile(file, text);
    }
  });
});

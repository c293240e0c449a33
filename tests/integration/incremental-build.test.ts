import { readdirSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BuildSession, build } from "../../build/index.ts";
import { decodeSearchIndex, SEARCH_INDEX_PATH } from "../../src/lib/search.ts";
import { contentWith, expectSameSite, listFiles, ROOT, WARM_CACHE } from "../fixtures/content.ts";

describe("incremental build (npm run dev)", () => {
  let work: string;
  let content: { dir: string; cleanup: () => Promise<void> };
  let session: BuildSession;
  const sourceDateEpoch = process.env.SOURCE_DATE_EPOCH;
  const edit = async (file: string, change: (text: string) => string) => {
    const target = path.join(content.dir, file);
    await writeFile(target, change(await readFile(target, "utf8")));
    return target;
  };
  /**
   * A clean build of the same content, in another folder: the source of truth. It shares the warm build cache with the
   * session (its keys are complete: tests/integration/build-cache.test.ts, tests/unit/build/share-cards.test.ts),
   * unless given a cache of its own, where it makes every output anew.
   */
  const cleanBuild = async (name: string, cacheDir = WARM_CACHE) => {
    const outDir = path.join(work, name);
    await build({ rootDir: ROOT, contentDir: content.dir, outDir, cacheDir });
    return outDir;
  };

  beforeAll(async () => {
    // The documentation PDFs carry a creation date; pin it so two builds can be compared byte for byte.
    process.env.SOURCE_DATE_EPOCH = "1735689600";
    work = await mkdtemp(path.join(tmpdir(), "incremental-"));
    content = await contentWith();
    session = new BuildSession({
      rootDir: ROOT,
      contentDir: content.dir,
      outDir: path.join(work, "dev"),
      cacheDir: WARM_CACHE,
    });
    await session.build();
  });
  afterAll(async () => {
    if (sourceDateEpoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = sourceDateEpoch;
    await content.cleanup();
    await rm(work, { recursive: true, force: true });
  });

  test("an edited article re-renders only the pages that show it, is found by search at its anchor, and the site equals a clean build", async () => {
    const file = await edit("blog/quick-commerce-unit-economics.md", (text) =>
      text
        .replace("Can a 10-Minute Delivery Store Make Money?", "Can a Dark Store Make Money?")
        .replace("Customers love it", "Shoppers (wombatology) love it"),
    );
    const result = await session.build([file]);
    expect(result.rendered).toBeGreaterThan(0);
    expect(result.rendered).toBeLessThan(result.pages / 2);
    const html = await readFile(path.join(work, "dev/blog/quick-commerce-unit-economics/index.html"), "utf8");
    expect(html).toContain("Shoppers (wombatology) love it");
    // An edited FAQ answer and policy section reach the search at the next save too, at their anchors.
    const changed = [
      await edit("faq.yaml", (text) =>
        text
          .replace("What is your refund policy?", "How do refunds work?")
          .replace("90% refund if you cancel", "90% refund (zanzibarian) if you cancel"),
      ),
      await edit("pages/refund.md", (text) =>
        text.replace("Before team assignment.", "Before team assignment (quokkasaurus)."),
      ),
    ];
    await session.build(changed);
    const documents = decodeSearchIndex(JSON.parse(await readFile(path.join(work, "dev", SEARCH_INDEX_PATH), "utf8")));
    const urlOf = (word: string) => documents.filter((d) => d.text.includes(word)).map((d) => d.url);
    expect(urlOf("zanzibarian")).toEqual(["/faq#how-do-refunds-work"]);
    expect(urlOf("quokkasaurus")).toEqual([expect.stringMatching(/^\/refund#/)]);
    expect(urlOf("wombatology")).toEqual([expect.stringMatching(/^\/blog\/quick-commerce-unit-economics(#|$)/)]);
    expect(documents.some((d) => d.title === "What is your refund policy?")).toBe(false);
    await expectSameSite(path.join(work, "dev"), await cleanBuild("clean-post"));
  });

  test("a renamed product shows in every page's menu, as in a clean build", async () => {
    const file = await edit("products/esim.yaml", (text) => text.replace("name: eSIM", "name: eSIM Travel"));
    const result = await session.build([file]);
    expect(result.rendered).toBe(result.pages);
    expect(await readFile(path.join(work, "dev/about/index.html"), "utf8")).toContain("eSIM Travel");
    await expectSameSite(path.join(work, "dev"), await cleanBuild("clean-product"));
  });

  test("a renamed site is named anew in the web app manifest (its icons are drawn again), as in a clean build", async () => {
    const file = await edit("site.yaml", (text) => text.replace(/^name: .*$/m, "name: Nexaworks Studio"));
    await session.build([file]);
    expect(JSON.parse(await readFile(path.join(work, "dev/site.webmanifest"), "utf8"))).toMatchObject({
      name: "Nexaworks Studio",
    });
    // The edit that changes every share card, manual and icon: the clean build makes them all itself, so an output the
    // cache would serve stale (a key missing the site's name) differs here.
    await expectSameSite(path.join(work, "dev"), await cleanBuild("clean-site", path.join(work, "cache-clean-site")));
  });

  test("a deleted article disappears from the site, its list and its feed, as in a clean build", async () => {
    const file = path.join(content.dir, "blog/saas-script-server-checklist.md");
    await rm(file);
    await session.build([file]);
    expect(await listFiles(path.join(work, "dev/blog"))).not.toContain("saas-script-server-checklist/index.html");
    expect(await readFile(path.join(work, "dev/rss.xml"), "utf8")).not.toContain("saas-script-server-checklist");
    await expectSameSite(path.join(work, "dev"), await cleanBuild("clean-removed"));
  });

  test("npm start's build says when the pages and what they fetch are written, before the cards, PDFs, icons and /admin", async () => {
    const outDir = path.join(work, "start");
    let first: string[] = [];
    const onFirstFiles = () => {
      first = readdirSync(outDir, { recursive: true, encoding: "utf8" });
    };
    await build({ rootDir: ROOT, contentDir: content.dir, outDir, cacheDir: WARM_CACHE, onFirstFiles });
    expect(first).toEqual(expect.arrayContaining(["index.html", "search-index.json", "rss.xml", "sitemap.xml"]));
    expect(first.filter((file) => /\.pdf$|site\.webmanifest|^admin\//.test(file))).toEqual([]);
    await expectSameSite(outDir, await cleanBuild("clean-start"));
  });
});

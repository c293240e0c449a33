import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BuildSession, build } from "../../build/index.ts";
import { decodeSearchIndex, SEARCH_INDEX_PATH } from "../../src/lib/search.ts";
import { contentWith, ROOT, WARM_CACHE } from "../fixtures/content.ts";

/** Under npm run dev an editor's change must reach the search at the next save, exactly as a clean build has it. */
describe("search index in incremental builds", () => {
  let work: string;
  let content: { dir: string; cleanup: () => Promise<void> };
  let session: BuildSession;
  const index = async (outDir: string) => readFile(path.join(outDir, SEARCH_INDEX_PATH), "utf8");
  const edit = async (file: string, change: (text: string) => string) => {
    const target = path.join(content.dir, file);
    await writeFile(target, change(await readFile(target, "utf8")));
    return target;
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "search-index-"));
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
    await content.cleanup();
    await rm(work, { recursive: true, force: true });
  });

  test("an edited FAQ answer, policy section and article are found at their anchors after the next build", async () => {
    const changed = [
      await edit("faq.yaml", (text) =>
        text
          .replace("What is your refund policy?", "How do refunds work?")
          .replace("90% refund if you cancel", "90% refund (zanzibarian) if you cancel"),
      ),
      await edit("pages/refund.md", (text) =>
        text.replace("Before team assignment.", "Before team assignment (quokkasaurus)."),
      ),
      await edit("blog/quick-commerce-unit-economics.md", (text) =>
        text.replace("Customers love it", "Shoppers (wombatology) love it"),
      ),
    ];
    await session.build(changed);
    const documents = decodeSearchIndex(JSON.parse(await index(path.join(work, "dev"))));
    const urlOf = (word: string) => documents.filter((d) => d.text.includes(word)).map((d) => d.url);
    expect(urlOf("zanzibarian")).toEqual(["/faq#how-do-refunds-work"]);
    expect(urlOf("quokkasaurus")).toEqual([expect.stringMatching(/^\/refund#/)]);
    expect(urlOf("wombatology")).toEqual([expect.stringMatching(/^\/blog\/quick-commerce-unit-economics(#|$)/)]);
    expect(documents.some((d) => d.title === "What is your refund policy?")).toBe(false);

    const clean = path.join(work, "clean");
    // Its markdown from the warm cache too: a render's key is its text and the code that renders it.
    await build({ rootDir: ROOT, contentDir: content.dir, outDir: clean, cacheDir: WARM_CACHE });
    expect(await index(path.join(work, "dev"))).toBe(await index(clean));
  });
});

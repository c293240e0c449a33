import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT } from "../fixtures/content.ts";

/**
 * The build cache keys each output by the code that made it (build/cache.ts). Here the code really changes between two
 * builds that share a cache: a copy of the project whose slug rule is edited, built by its own `npm run build`.
 */
describe("the build cache in a warm build", () => {
  let work: string;
  const article = "blog/quick-commerce-unit-economics/index.html";
  // The ids of the article's own headings: its body, rendered from markdown, up to the author box.
  const headingIds = async (out: string) => {
    const html = await readFile(path.join(work, out, article), "utf8");
    const body = html.slice(html.indexOf('<div class="prose">'), html.indexOf('<aside class="author-box"'));
    return [...body.matchAll(/<h2 id="([^"]+)"/g)].map(([, id]) => id);
  };
  const buildInto = (out: string) => {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "build/cli.ts", "--content", path.join(ROOT, "content"), "--out", out, "--cache", "cache"],
      {
        cwd: work,
        encoding: "utf8",
      },
    );
    expect(run.status, run.stderr).toBe(0);
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    for (const entry of ["build", "src", "public", "scripts", "package.json", "tsconfig.json"])
      await cp(path.join(ROOT, entry), path.join(work, entry), { recursive: true });
    await symlink(path.join(ROOT, "node_modules"), path.join(work, "node_modules"), "dir");
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  test("serves unchanged markdown from the cache, and renders it again when slugify changes", async () => {
    buildInto("cold");
    const cold = await headingIds("cold");
    expect(cold.length).toBeGreaterThan(2);

    // Mark every cached render, so the next build shows whether it took its HTML from the cache.
    const entries = path.join(work, "cache/markdown");
    for (const name of await readdir(entries)) {
      const file = path.join(entries, name);
      await writeFile(file, (await readFile(file, "utf8")).replaceAll('<h2 id=\\"', '<h2 id=\\"cached-'));
    }
    buildInto("warm");
    expect(await headingIds("warm")).toEqual(cold.map((id) => `cached-${id}`));

    const slug = path.join(work, "src/lib/slug.ts");
    const source = await readFile(slug, "utf8");
    expect(source).toContain("return text\n");
    await writeFile(slug, source.replace("return text\n", 'return "changed-" + text\n'));
    buildInto("edited");
    expect(await headingIds("edited")).toEqual(cold.map((id) => `changed-${id}`));
  }, 300_000); // three whole builds in child processes, the first drawing every share card
});

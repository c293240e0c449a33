import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { buildCli as BuildCli } from "../../build/cli.ts";
import { runCli } from "../fixtures/cli.ts";
import { cacheWarmedWith, ROOT } from "../fixtures/content.ts";

/**
 * The build cache keys each output by the code that made it (build/cache.ts). Here the code really changes between
 * builds that share a cache: `npm run build` of the project, then of a copy of it with its slug rule edited, loaded in
 * this process from its own folder (a module is loaded once per path, so edited code needs a folder of its own). The
 * copy's code differs only where it was edited: the paths the code hash lists, those of the dependencies included,
 * are relative to the project, so the copy's other outputs come from the project's cache.
 */
describe("the build cache in a warm build", () => {
  let work: string;
  let cache: string;
  const article = "blog/quick-commerce-unit-economics/index.html";
  // The ids of the article's own headings: its body, rendered from markdown, up to the author box.
  const headingIds = async (out: string) => {
    const html = await readFile(path.join(work, out, article), "utf8");
    const body = html.slice(html.indexOf('<div class="prose">'), html.indexOf('<aside class="author-box"'));
    return [...body.matchAll(/<h2 id="([^"]+)"/g)].map(([, id]) => id);
  };
  /** A copy of the project's code in `work/<name>`, after `edit` changed its files. */
  const copyProject = async (name: string, edit: (dir: string) => Promise<void> = async () => undefined) => {
    const dir = path.join(work, name);
    for (const entry of ["build", "src", "public", "scripts", "package.json", "package-lock.json", "tsconfig.json"])
      await cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
    await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    await edit(dir);
    return dir;
  };
  /**
   * `npm run build -- --content content/ --out <out> --cache <cache>` with the build code of `project`; what it
   * printed.
   */
  const buildInto = async (project: string, out: string) => {
    const { buildCli } = (await import(pathToFileURL(path.join(project, "build/cli.ts")).href)) as {
      buildCli: typeof BuildCli;
    };
    const run = await runCli(
      buildCli,
      ["--content", path.join(ROOT, "content"), "--out", path.join(work, out), "--cache", cache],
      process.env,
    );
    expect(run.code, run.stderr).toBe(0);
    return run.stdout;
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    // Every kind but the one watched here starts warm: the first build renders the markdown and draws nothing. The
    // edited copy's keys are the repository's but where its code changed (its dependencies count from node_modules on,
    // through the link), so it too draws nothing.
    cache = await cacheWarmedWith(path.join(work, "cache"), [
      "admin",
      "cards",
      "documentation",
      "icons",
      "images",
      "image-facts",
    ]);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  test("serves unchanged markdown from the cache, and renders it again when slugify changes", async () => {
    expect(await buildInto(ROOT, "cold")).toMatch(/\[share-cards\] (\d+) share cards \(0 drawn, \1 cached/);
    const cold = await headingIds("cold");
    expect(cold.length).toBeGreaterThan(2);

    // Mark every cached render, so the next build shows whether it took its HTML from the cache.
    const entries = path.join(cache, "markdown");
    for (const name of await readdir(entries)) {
      const file = path.join(entries, name);
      await writeFile(file, (await readFile(file, "utf8")).replaceAll('<h2 id=\\"', '<h2 id=\\"cached-'));
    }
    await buildInto(ROOT, "warm");
    expect(await headingIds("warm")).toEqual(cold.map((id) => `cached-${id}`));

    const edited = await copyProject("edited-slug", async (dir) => {
      const slug = path.join(dir, "src/lib/slug.ts");
      const source = await readFile(slug, "utf8");
      expect(source).toContain("return text\n");
      await writeFile(slug, source.replace("return text\n", 'return "changed-" + text\n'));
    });
    // Taken from the warm cache: the copy's code is the repository's but for slugify, wherever its files and
    // dependencies lie, so its share cards are not drawn again.
    expect(await buildInto(edited, "edited")).toMatch(/\[share-cards\] (\d+) share cards \(0 drawn, \1 cached/);
    expect(await headingIds("edited")).toEqual(cold.map((id) => `changed-${id}`));
  });
});

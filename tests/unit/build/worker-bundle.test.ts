import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RenderPool } from "../../../build/render-pool.ts";
import { workerBundle } from "../../../build/worker-bundle.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("render worker bundle", () => {
  let work: string;
  // A site of its own: one page and one island, so an edit here touches nothing in src/.
  let dirs: { rootDir: string; pagesDir: string; islandsDir: string; cacheDir: string };
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "worker-bundle-"));
    dirs = { rootDir: ROOT, pagesDir: path.join(work, "pages"), islandsDir: path.join(work, "islands"), cacheDir: path.join(work, "cache") };
    await mkdir(dirs.pagesDir);
    await mkdir(dirs.islandsDir);
    await writeFile(path.join(dirs.pagesDir, "index.tsx"), "export default { Page: () => <p>Home</p> };\n");
    await writeFile(path.join(dirs.islandsDir, "counter.tsx"), "export default function Counter() { return <button type=\"button\">0</button>; }\n");
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  test("a build with unchanged sources reuses the last bundle, and an edited page module gets a new one", async () => {
    const first = await workerBundle(dirs);
    expect(first).toBeDefined();
    const made = (await stat(first ?? "")).mtimeMs;
    const again = await workerBundle(dirs);
    expect(again).toBe(first);
    expect((await stat(again ?? "")).mtimeMs).toBe(made);

    await writeFile(path.join(dirs.pagesDir, "index.tsx"), "export default { Page: () => <p>Welcome</p> };\n");
    const edited = await workerBundle(dirs);
    expect(edited).toBeDefined();
    expect(edited).not.toBe(first);
    // The outdated bundle is pruned.
    await expect(stat(first ?? "")).rejects.toThrow();
  });

  test("a page module esbuild cannot read leaves the workers on the sources, where the build names the file", async () => {
    await writeFile(path.join(dirs.pagesDir, "broken.tsx"), "export default { Page: () => <p>unclosed };\n");
    try {
      expect(await workerBundle(dirs)).toBeUndefined();
    } finally {
      await rm(path.join(dirs.pagesDir, "broken.tsx"));
    }
  });

  test("a bundled worker starts without a TypeScript loader and renders an editor's markdown", async () => {
    const site = { pagesDir: path.join(ROOT, "src/pages"), islandsDir: path.join(ROOT, "src/islands") };
    const bundle = workerBundle({ rootDir: ROOT, ...site, cacheDir: path.join(work, "site-cache") });
    expect(await bundle).toBeDefined();
    const pool = new RenderPool(site, 1, bundle);
    try {
      const rendered = await pool.markdown("## Getting started\n\nRead the [guide](/faq).", "content/blog/start.md");
      expect(rendered.html).toContain('<h2 id="getting-started">Getting started</h2>');
      expect(rendered.references).toEqual([{ kind: "link", url: "/faq", line: 3 }]);
    } finally {
      await pool.close();
    }
  });
});

test("no module under src/ finds files by its own location: inside the workers' bundle that location is the cache", async () => {
  const files = (await readdir(path.join(ROOT, "src"), { recursive: true })).filter((file) => /\.tsx?$/.test(file));
  const offenders: string[] = [];
  for (const file of files) {
    const source = await readFile(path.join(ROOT, "src", file), "utf8");
    if (/import\.meta\.(url|dirname|filename)|__dirname|__filename/.test(source)) offenders.push(`src/${file}`);
  }
  expect(offenders).toEqual([]);
});

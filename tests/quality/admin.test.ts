import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import { beforeAll, describe, expect, test } from "vitest";
import { ADMIN_DIR } from "../../build/plugins/admin/admin.ts";
import { decodeSearchIndex, SEARCH_INDEX_PATH } from "../../src/lib/search.ts";
import { type BuiltSite, builtSite } from "./built-site.ts";

/** Every file under dist/ as its path relative to it, with / separators. */
async function filesOf(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map((file) => file.split(path.sep).join("/"));
}

describe("the content editor at /admin", () => {
  let site: BuiltSite;
  let html: string;
  let files: string[];

  beforeAll(async () => {
    site = await builtSite();
    html = await readFile(path.join(inject("sharedBuild").dir, ADMIN_DIR, "index.html"), "utf8");
    files = await filesOf(site.dir);
  });

  test("asks not to be indexed and carries its generated configuration", () => {
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow">/);
    const data = JSON.parse(/<script type="application\/json" id="cms-data">([^<]*)<\/script>/.exec(html)?.[1] ?? "{}");
    expect(data.config.collections.map((c: { name: string }) => c.name)).toContain("posts");
  });

  test("is in no sitemap, search index, feed or route table", async () => {
    for (const file of ["sitemap.xml", "rss.xml", "_routes.json"])
      expect(await readFile(path.join(site.dir, file), "utf8"), file).not.toMatch(/\/admin\b/);
    const documents = decodeSearchIndex(JSON.parse(await readFile(path.join(site.dir, SEARCH_INDEX_PATH), "utf8")));
    expect(documents.filter((doc) => doc.url.startsWith("/admin"))).toEqual([]);
  });

  test("no page of the site links or loads anything of it", () => {
    const loading = site.pages.filter((page) => /["'(]\/admin[/"']/.test(page.html)).map((page) => page.path);
    expect(loading).toEqual([]);
  });

  test("its bundle is served from the site's own files, under /admin only", () => {
    const script = /<script type="module" src="([^"]+)"><\/script>/.exec(html)?.[1] ?? "";
    expect(script).toMatch(/^\/admin\/cms-[A-Z0-9]+\.js$/);
    expect(files).toContain(script.slice(1));
    expect(html).not.toMatch(/https?:\/\/(?!www\.example\.com)[^"]*\.js/);
    // Decap's code stays out of the site's assets: the every-route script budget is not paid for the editor.
    expect(files.filter((file) => file.startsWith("assets/") && /decap|cms-/.test(file))).toEqual([]);
  });
});

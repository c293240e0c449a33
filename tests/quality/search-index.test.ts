import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { decodeSearchIndex, type SearchDocument, SEARCH_INDEX_PATH } from "../../src/lib/search.ts";
import { type BuiltSite, builtSite } from "./built-site.ts";

describe("the built search index", () => {
  let site: BuiltSite;
  let documents: SearchDocument[];

  beforeAll(async () => {
    site = await builtSite();
    documents = decodeSearchIndex(JSON.parse(await readFile(path.join(site.dir, SEARCH_INDEX_PATH), "utf8")));
  });

  test("every result links to a page the build wrote, and to an id that page has", () => {
    const broken = documents.flatMap((doc) => {
      const [pagePath = "", anchor] = doc.url.split("#");
      const page = site.pages.find((p) => !p.special && p.path === pagePath);
      if (!page) return [`${doc.url}: no page ${pagePath}`];
      if (anchor && !page.dom.querySelector(`[id="${anchor}"]`))
        return [`${doc.url}: ${pagePath} has no id "${anchor}"`];
      return [];
    });
    expect(broken).toEqual([]);
  });
});

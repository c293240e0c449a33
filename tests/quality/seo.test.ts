import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { absoluteUrl } from "../../src/lib/urls.ts";
import { type BuiltPage, type BuiltSite, builtSite, visibleText } from "./built-site.ts";

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Problems of one JSON-LD block: it must parse, and every node must say what it is (@type) in which vocabulary (@context). */
function jsonLdProblems(text: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return [`does not parse: ${(error as Error).message}`];
  }
  const roots = Array.isArray(data) ? data : [data];
  return roots.flatMap((root, i): string[] => {
    const at = roots.length > 1 ? `[${i}] ` : "";
    if (!isObject(root)) return [`${at}is ${JSON.stringify(root)}, expected an object`];
    const problems: string[] = [];
    const context = root["@context"];
    const contexts = Array.isArray(context) ? context : [context];
    if (!contexts.some((c) => typeof c === "string" && /^https?:\/\/schema\.org\/?$/.test(c))) {
      problems.push(`${at}has @context ${JSON.stringify(context)}, expected "https://schema.org"`);
    }
    const graph = root["@graph"];
    const nodes = Array.isArray(graph) ? graph : [root];
    nodes.forEach((node, j) => {
      const where = Array.isArray(graph) ? `${at}@graph[${j}] ` : at;
      const type = isObject(node) ? node["@type"] : undefined;
      if (!(typeof type === "string" && type) && !(Array.isArray(type) && type.length > 0)) problems.push(`${where}has no @type`);
    });
    return problems;
  });
}

/** Every @type in a page's JSON-LD, nested ones included. */
function jsonLdTypes(page: BuiltPage): Set<string> {
  const types = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) {
      const type = value["@type"];
      for (const t of Array.isArray(type) ? type : [type]) if (typeof t === "string") types.add(t);
      Object.values(value).forEach(visit);
    }
  };
  for (const script of jsonLdScripts(page)) {
    try {
      visit(JSON.parse(script));
    } catch {
      // reported by the validity test
    }
  }
  return types;
}

const jsonLdScripts = (page: BuiltPage) =>
  page.dom
    .querySelectorAll("script")
    .filter((el) => el.getAttributeValue("type") === "application/ld+json")
    .map((el) => el.textContent);

const canonicalLinks = (page: BuiltPage) =>
  page.dom.querySelectorAll("link").filter((el) => (el.getAttributeValue("rel") ?? "").toLowerCase() === "canonical");

describe("search metadata of every page", () => {
  let site: BuiltSite;
  let indexable: BuiltPage[];

  beforeAll(async () => {
    site = await builtSite();
    indexable = site.pages.filter((page) => !page.noindex);
  });

  test("every page has exactly one h1 with text", () => {
    const wrong = site.pages.flatMap((page) => {
      const headings = page.dom.querySelectorAll("h1").map(visibleText);
      if (headings.length !== 1) return [`${page.path}: ${headings.length} h1 elements ${JSON.stringify(headings)}`];
      return headings[0] ? [] : [`${page.path}: the h1 is empty`];
    });
    expect(wrong).toEqual([]);
  });

  test("every page has a title of its own", () => {
    const byTitle = new Map<string, string[]>();
    const missing: string[] = [];
    for (const page of site.pages) {
      const titles = page.dom.querySelectorAll("title").map(visibleText);
      if (titles.length !== 1 || !titles[0]) missing.push(`${page.path}: ${titles.length} title elements ${JSON.stringify(titles)}`);
      else byTitle.set(titles[0], [...(byTitle.get(titles[0]) ?? []), page.path]);
    }
    const shared = [...byTitle].filter(([, paths]) => paths.length > 1).map(([title, paths]) => `"${title}" is the title of ${paths.join(", ")}`);
    expect([...missing, ...shared]).toEqual([]);
  });

  test("every page has a meta description", () => {
    const missing = site.pages.filter((page) => {
      const descriptions = page.dom.querySelectorAll('meta[name="description"]');
      return descriptions.length !== 1 || !(descriptions[0]?.getAttributeValue("content") ?? "").trim();
    });
    expect(missing.map((page) => page.path)).toEqual([]);
  });

  test("only the not-found views are marked noindex", () => {
    expect(site.pages.filter((page) => page.noindex !== page.special).map((page) => `${page.path}: noindex ${page.noindex}`)).toEqual([]);
  });

  test("every indexable page has one canonical link to its own URL", () => {
    const wrong = indexable.flatMap((page) => {
      const expected = absoluteUrl(site.result.content.site, page.path);
      const hrefs = canonicalLinks(page).map((el) => el.getAttributeValue("href"));
      return hrefs.length === 1 && hrefs[0] === expected ? [] : [`${page.path}: canonical ${JSON.stringify(hrefs)}, expected ["${expected}"]`];
    });
    expect(wrong).toEqual([]);
  });

  test("every indexable page has structured data, and every JSON-LD block parses and has @context and @type", () => {
    const problems = site.pages.flatMap((page) => {
      const blocks = jsonLdScripts(page);
      const none = !page.noindex && blocks.length === 0 ? [`${page.path}: no JSON-LD`] : [];
      return [...none, ...blocks.flatMap((text, i) => jsonLdProblems(text).map((p) => `${page.path} JSON-LD #${i + 1} ${p}`))];
    });
    expect(problems).toEqual([]);
  });

  test("articles carry article structured data and a breadcrumb", () => {
    const articles = indexable.filter((page) => page.path.startsWith("/blog/"));
    expect(articles.length).toBe(site.result.content.posts.length);
    const missing = articles.flatMap((page) => {
      const types = jsonLdTypes(page);
      return [
        ...(["Article", "BlogPosting", "NewsArticle"].some((t) => types.has(t)) ? [] : [`${page.path}: no Article or BlogPosting`]),
        ...(types.has("BreadcrumbList") ? [] : [`${page.path}: no BreadcrumbList`]),
      ];
    });
    expect(missing).toEqual([]);
  });

  test("the sitemap lists exactly the indexable pages, once each", async () => {
    const xml = await readFile(path.join(site.dir, "sitemap.xml"), "utf8");
    const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
    const expected = indexable.map((page) => absoluteUrl(site.result.content.site, page.path));
    expect(listed.filter((url, i) => listed.indexOf(url) !== i)).toEqual([]);
    expect({ missing: expected.filter((url) => !listed.includes(url)), extra: listed.filter((url) => !expected.includes(url)) }).toEqual({
      missing: [],
      extra: [],
    });
  });
});

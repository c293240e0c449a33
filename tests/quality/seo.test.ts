import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { pngSize } from "../../build/plugins/drawing/png.ts";
import { absoluteUrl } from "../../src/lib/urls.ts";
import { imageFacts } from "../fixtures/images.ts";
import { type BuiltPage, type BuiltSite, builtSite, visibleText } from "./built-site.ts";

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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
      if (!(typeof type === "string" && type) && !(Array.isArray(type) && type.length > 0))
        problems.push(`${where}has no @type`);
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

const meta = (page: BuiltPage, key: string) =>
  page.dom
    .querySelectorAll("meta")
    .filter((el) => el.getAttributeValue("property") === key || el.getAttributeValue("name") === key)
    .map((el) => el.getAttributeValue("content") ?? "");

const links = (page: BuiltPage, rel: string) =>
  page.dom
    .querySelectorAll("link")
    .filter((el) => (el.getAttributeValue("rel") ?? "").toLowerCase() === rel)
    .map((el) => el.getAttributeValue("href") ?? "");

/** Reads a built file named by its URL on the site, or undefined when the build did not write it. */
const builtFile = (site: BuiltSite, url: string) => {
  const sitePath = url.startsWith(site.siteUrl) ? url.slice(site.siteUrl.length) : url;
  return readFile(path.join(site.dir, decodeURIComponent(sitePath))).catch(() => undefined);
};

const isCalendarDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

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
      if (titles.length !== 1 || !titles[0])
        missing.push(`${page.path}: ${titles.length} title elements ${JSON.stringify(titles)}`);
      else byTitle.set(titles[0], [...(byTitle.get(titles[0]) ?? []), page.path]);
    }
    const shared = [...byTitle]
      .filter(([, paths]) => paths.length > 1)
      .map(([title, paths]) => `"${title}" is the title of ${paths.join(", ")}`);
    expect([...missing, ...shared]).toEqual([]);
  });

  test("every page has a meta description", () => {
    const missing = site.pages.filter((page) => {
      const descriptions = page.dom.querySelectorAll('meta[name="description"]');
      return descriptions.length !== 1 || !(descriptions[0]?.getAttributeValue("content") ?? "").trim();
    });
    expect(missing.map((page) => page.path)).toEqual([]);
  });

  test("only the not-found views, the search results page and the newsletter's outcome pages are marked noindex", () => {
    // A results page has nothing of its own to list; search engines ask sites to keep them out of their index. The
    // newsletter's pages only answer a form post or a mailed link.
    const expected = (page: BuiltPage) =>
      page.special || page.path === "/search" || page.path.startsWith("/newsletter/");
    expect(
      site.pages
        .filter((page) => page.noindex !== expected(page))
        .map((page) => `${page.path}: noindex ${page.noindex}`),
    ).toEqual([]);
  });

  // A noindex page names no canonical URL for search engines to index.
  test("every indexable page has one canonical link to its own URL, and a noindex page none", () => {
    const wrong = site.pages.flatMap((page) => {
      const expected = page.noindex ? [] : [absoluteUrl(site.result.content.site, page.path)];
      const hrefs = canonicalLinks(page).map((el) => el.getAttributeValue("href"));
      return JSON.stringify(hrefs) === JSON.stringify(expected)
        ? []
        : [`${page.path}: canonical ${JSON.stringify(hrefs)}, expected ${JSON.stringify(expected)}`];
    });
    expect(wrong).toEqual([]);
  });

  test("every indexable page has structured data, and every JSON-LD block parses and has @context and @type", () => {
    const problems = site.pages.flatMap((page) => {
      const blocks = jsonLdScripts(page);
      const none = !page.noindex && blocks.length === 0 ? [`${page.path}: no JSON-LD`] : [];
      return [
        ...none,
        ...blocks.flatMap((text, i) => jsonLdProblems(text).map((p) => `${page.path} JSON-LD #${i + 1} ${p}`)),
      ];
    });
    expect(problems).toEqual([]);
  });

  test("articles carry article structured data and a breadcrumb", () => {
    const articles = indexable.filter((page) => page.path.startsWith("/blog/"));
    expect(articles.length).toBe(site.result.content.posts.length);
    const missing = articles.flatMap((page) => {
      const types = jsonLdTypes(page);
      return [
        ...(["Article", "BlogPosting", "NewsArticle"].some((t) => types.has(t))
          ? []
          : [`${page.path}: no Article or BlogPosting`]),
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
    expect({
      missing: expected.filter((url) => !listed.includes(url)),
      extra: listed.filter((url) => !expected.includes(url)),
    }).toEqual({
      missing: [],
      extra: [],
    });
  });

  test("every page shares a 1200×630 image of at most 300 KB with type, size and alt on Open Graph and X alike, of its own when indexable", async () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const page of site.pages) {
      const [image, ...more] = meta(page, "og:image");
      if (!image || more.length) {
        problems.push(`${page.path}: ${more.length + (image ? 1 : 0)} og:image tags`);
        continue;
      }
      const expected = {
        "og:image:type": image.endsWith(".jpg") ? "image/jpeg" : "image/png",
        "og:image:width": "1200",
        "og:image:height": "630",
        "twitter:card": "summary_large_image",
        "twitter:image": image,
      };
      for (const [key, value] of Object.entries(expected)) {
        if (meta(page, key).join() !== value)
          problems.push(`${page.path}: ${key} is ${JSON.stringify(meta(page, key))}, expected "${value}"`);
      }
      const alt = meta(page, "og:image:alt");
      if (alt.length !== 1 || !alt[0]?.trim()) problems.push(`${page.path}: og:image:alt is ${JSON.stringify(alt)}`);
      if (meta(page, "twitter:image:alt").join() !== alt.join())
        problems.push(`${page.path}: twitter:image:alt differs from og:image:alt`);
      const bytes = await builtFile(site, image);
      const facts = bytes && (await imageFacts(bytes));
      const size = facts?.format === (image.endsWith(".jpg") ? "jpeg" : "png") ? facts : undefined;
      if (size?.width !== 1200 || size.height !== 630)
        problems.push(
          `${page.path}: ${image} is ${size ? `${size.width}×${size.height}` : bytes ? "not of its type" : "missing"}`,
        );
      if (bytes && bytes.length > 300_000) problems.push(`${page.path}: ${image} weighs ${bytes.length} bytes`);
      // A page kept out of search (the newsletter's result pages) may show another page's card.
      if (page.noindex) continue;
      if (seen.has(image)) problems.push(`${page.path} and ${seen.get(image)} share ${image}`);
      seen.set(image, page.path);
    }
    expect(problems).toEqual([]);
  });

  test("every page links favicon.ico, the apple-touch icon and the web manifest, and the files are what they say", async () => {
    const unlinked = site.pages.flatMap((page) =>
      [
        ["icon", "/favicon.ico"],
        ["icon", "/favicon.svg"],
        ["apple-touch-icon", "/apple-touch-icon.png"],
        ["manifest", "/site.webmanifest"],
      ]
        .filter(([rel, href]) => !links(page, rel ?? "").includes(href ?? ""))
        .map(([rel, href]) => `${page.path}: no <link rel="${rel}" href="${href}">`),
    );
    expect(unlinked).toEqual([]);

    const ico = await builtFile(site, "/favicon.ico");
    expect(ico && [...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const touch = await builtFile(site, "/apple-touch-icon.png");
    expect(touch && pngSize(touch)).toEqual({ width: 180, height: 180 });
    const manifest = JSON.parse((await builtFile(site, "/site.webmanifest"))?.toString("utf8") ?? "{}") as {
      name?: string;
      start_url?: string;
      display?: string;
      theme_color?: string;
      icons?: { src: string; sizes: string; type: string }[];
    };
    const home = site.pages.find((page) => page.path === "/");
    expect(manifest).toMatchObject({
      name: site.result.content.site.name,
      start_url: "/",
      theme_color: home && meta(home, "theme-color")[0],
    });
    const icons = await Promise.all(
      (manifest.icons ?? []).map(async (icon) => {
        const bytes = await builtFile(site, icon.src);
        const size = bytes && pngSize(bytes);
        return `${icon.sizes} ${icon.type}: ${size ? `${size.width}x${size.height}` : "missing"}`;
      }),
    );
    expect(icons).toEqual(["192x192 image/png: 192x192", "512x512 image/png: 512x512"]);
  });

  test("the sitemap dates every article and policy page with the date in its content, and every date is a real day", async () => {
    const xml = await readFile(path.join(site.dir, "sitemap.xml"), "utf8");
    const lastmod = new Map(
      [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => [
        (m[1] ?? "").replace(/&amp;/g, "&"),
        m[2],
      ]),
    );
    const { site: config, posts, pages } = site.result.content;
    const expected = [
      ...posts.map((post) => [`/blog/${post.slug}`, post.date]),
      ...pages.map((page) => [`/${page.name}`, page.lastUpdated]),
      ["/blog", [...posts.map((post) => post.date)].sort().at(-1)],
    ];
    expect(expected.map(([page]) => [page, lastmod.get(absoluteUrl(config, page ?? ""))])).toEqual(expected);
    const invalid = [...lastmod].filter(([, date]) => date !== undefined && !isCalendarDate(date));
    expect(invalid).toEqual([]);
  });

  test("every product page offers the product at its price and currency from content, or makes no offer without one", () => {
    const problems = site.result.content.products.flatMap((product) => {
      const page = site.pages.find((p) => p.path === `/products/${product.id}`);
      const app =
        page &&
        jsonLdScripts(page)
          .map((text) => JSON.parse(text) as JsonObject)
          .find((d) => d["@type"] === "SoftwareApplication");
      if (!app) return [`/products/${product.id}: no SoftwareApplication`];
      const offers = app.offers as JsonObject | undefined;
      const expected = product.price
        ? { price: product.price.amount, priceCurrency: product.price.currency }
        : undefined;
      const found = offers && { price: offers.price, priceCurrency: offers.priceCurrency };
      return JSON.stringify(found) === JSON.stringify(expected)
        ? []
        : [`/products/${product.id}: offers ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`];
    });
    expect(problems).toEqual([]);
  });
});

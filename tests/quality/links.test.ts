import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { HtmlElement } from "html-validate";
import { beforeAll, describe, expect, test } from "vitest";
import { resolveRequest } from "../../src/lib/routing.ts";
import { EXTRA_ROUTES } from "../../server/load-handlers.ts";
import { elementsOf, parseFragment, parsePage } from "../../build/html-tree.ts";
import { ROOT } from "../fixtures/content.ts";
import { type BuiltPage, type BuiltSite, builtSite } from "./built-site.ts";
import { cssUrls, srcsetUrls } from "./page-weight.ts";

/** Attributes that point at another resource, by element (html-validate does not read inside <svg>: see the icons test). */
const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  img: ["src", "srcset"],
  source: ["src", "srcset"],
  script: ["src"],
  iframe: ["src"],
  video: ["src", "poster"],
  audio: ["src"],
  track: ["src"],
  embed: ["src"],
  object: ["data"],
  form: ["action"],
  button: ["formaction"],
  input: ["formaction", "src"],
  "site-island": ["data-src"],
};
/** Meta tags whose content is a URL of this site (share card, page URL). */
const URL_METAS = ["og:url", "og:image", "twitter:image"];

interface Reference {
  page: BuiltPage;
  /** e.g. a[href] */
  where: string;
  value: string;
}

/** The characters React escapes in attribute values, decoded. */
const decode = (value: string) =>
  value.replace(
    /&(amp|quot|lt|gt|#x27|#39);/g,
    (_, name: string) => ({ amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'" })[name] ?? "",
  );

function* references(page: BuiltPage): Generator<Reference> {
  for (const [tag, names] of Object.entries(URL_ATTRIBUTES)) {
    for (const el of page.dom.querySelectorAll(tag)) {
      for (const name of names) {
        const raw = el.getAttributeValue(name);
        if (raw === null) continue;
        const values = name === "srcset" ? srcsetUrls(decode(raw)) : [decode(raw)];
        for (const value of values) yield { page, where: `${tag}[${name}]`, value };
      }
    }
  }
  for (const meta of page.dom.querySelectorAll("meta")) {
    const key = meta.getAttributeValue("property") ?? meta.getAttributeValue("name") ?? "";
    const content = meta.getAttributeValue("content");
    // A not-found view has no URL of its own to share; its og:url names the file it was rendered to.
    if (page.special && key === "og:url") continue;
    if (URL_METAS.includes(key) && content) yield { page, where: `meta[${key}]`, value: decode(content) };
  }
}

/** The URL a page is seen at: its route, or for a not-found view an unknown URL in its folder. */
function pageUrl(site: BuiltSite, page: BuiltPage): URL {
  if (!page.special) return new URL(page.path, `${site.siteUrl}/`);
  return new URL(`${path.posix.dirname(page.path)}/no-such-page`.replace(/^\/\//, "/"), `${site.siteUrl}/`);
}

function ids(dom: HtmlElement): Set<string> {
  const found = new Set<string>();
  for (const el of dom.querySelectorAll("[id]")) found.add(el.getAttributeValue("id") ?? "");
  for (const el of dom.querySelectorAll("a[name]")) found.add(el.getAttributeValue("name") ?? "");
  return found;
}

/** The site's one link checker: every reference of every built page, parsing each page rather than matching text. */
describe("links and assets", () => {
  let site: BuiltSite;
  const pagesByFile = new Map<string, BuiltPage>();
  const idsByFile = new Map<string, Set<string>>();

  beforeAll(async () => {
    site = await builtSite();
    for (const page of site.pages) pagesByFile.set(`/${page.file}`, page);
  });

  /** What is wrong with a mailto:, tel:, javascript: or "#" reference; undefined for any other. */
  function schemeProblem({ value }: Reference): string | undefined {
    if (value.trim() === "") return "is empty";
    if (/^javascript:/i.test(value)) return "runs script instead of linking (use a <button>)";
    if (/^mailto:/i.test(value)) return /^mailto:[^@\s?]+@[^@\s?]+/i.test(value) ? undefined : "has no e-mail address";
    if (/^tel:/i.test(value))
      return /^tel:\+?\d{6,}$/.test(value) ? undefined : "is not a dialable number (tel:+digits)";
    if (value === "#") return 'points at "#": a link to nowhere (use a <button> for actions)';
    return undefined;
  }

  /**
   * Why a reference to this site does not resolve, or undefined when it does: site paths (/products, island chunks,
   * images), in-page anchors (href="#faq"), absolute URLs of this site (canonical, share cards), relative paths,
   * sections of other pages (/faq#refunds), SVG references and form handlers.
   */
  function resolutionProblem(ref: Reference): string | undefined {
    const { value } = ref;
    if (/^#./.test(value)) return missingFragment(ref.page, decodeURIComponent(value.slice(1)));
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value)) return undefined; // mailto:, tel:, data: …
    const base = pageUrl(site, ref.page);
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      return "is not a valid URL";
    }
    if (url.origin !== base.origin) return undefined; // another host: not ours to check offline

    if (url.pathname.startsWith("/api/")) {
      const route = url.pathname.slice(5);
      // A function may serve more paths than its name (the newsletter's confirm and unsubscribe links).
      const name = Object.entries(EXTRA_ROUTES).find(([, routes]) => routes.includes(route))?.[0] ?? route;
      return existsSync(path.join(ROOT, "lambdas", name, "handler.ts"))
        ? undefined
        : `posts to ${url.pathname}, but lambdas/${name}/handler.ts does not exist`;
    }
    const { file, status } = resolveRequest(url.pathname, site.table);
    if (status !== 200) return `leads to a 404 page (${url.pathname} is not a route)`;
    if (!existsSync(path.join(site.dir, file))) return `${url.pathname}: the file ${file} is not in the build`;

    const fragment = decodeURIComponent(url.hash.slice(1));
    if (!fragment) return undefined;
    const target = pagesByFile.get(file);
    return target ? missingFragment(target, fragment) : `has a fragment #${fragment} on a file that is not a page`;
  }

  /** One line per broken reference, naming every page that carries it. */
  function brokenReferences(problem: (ref: Reference) => string | undefined): string[] {
    const broken = new Map<string, string[]>();
    for (const page of site.pages) {
      for (const ref of references(page)) {
        const why = problem(ref);
        if (!why) continue;
        const key = `${ref.where}="${ref.value}" ${why}`;
        broken.set(key, [...(broken.get(key) ?? []), page.path]);
      }
    }
    return [...broken].map(
      ([key, pages]) => `${key}; on ${pages.length === 1 ? pages[0] : `${pages.length} pages: ${pages.join(", ")}`}`,
    );
  }

  function missingFragment(target: BuiltPage, fragment: string): string | undefined {
    if (fragment.toLowerCase() === "top" || fragment.startsWith(":~:")) return undefined; // the top of the page; a text fragment
    let known = idsByFile.get(target.file);
    if (!known) {
      known = ids(target.dom);
      idsByFile.set(target.file, known);
    }
    return known.has(fragment) ? undefined : `points at #${fragment}, but ${target.path} has no element with that id`;
  }

  test("every link, script, image, island chunk, anchor and form handler of this site resolves", () => {
    // Each page links at least its stylesheet, the loader and the menu: a checker that finds nothing is broken.
    const checked = site.pages.reduce((n, page) => n + [...references(page)].length, 0);
    expect(checked).toBeGreaterThan(site.pages.length * 3);
    expect(brokenReferences(resolutionProblem)).toEqual([]);
  });

  test("every icon a page places is drawn in the sprite it names", async () => {
    const sprites = new Map<string, Set<string>>();
    const missing: string[] = [];
    let placed = 0;
    for (const page of site.pages) {
      for (const use of elementsOf(parsePage(page.html)).filter((el) => el.tagName === "use")) {
        placed++;
        const [file = "", id = ""] = String(use.properties.href ?? "").split("#");
        let symbols = sprites.get(file);
        if (!symbols) {
          const sprite = existsSync(path.join(site.dir, file)) ? await readFile(path.join(site.dir, file), "utf8") : "";
          symbols = new Set(
            elementsOf(parseFragment(sprite))
              .filter((el) => el.tagName === "symbol")
              .map((el) => String(el.properties.id)),
          );
          sprites.set(file, symbols);
        }
        if (!symbols.has(id)) missing.push(`${page.path}: ${file}#${id}`);
      }
    }
    // Every page shows icons (the menu's, the footer's): a test that finds none is looking in the wrong place.
    expect(placed).toBeGreaterThan(site.pages.length * 3);
    expect([...new Set(missing)]).toEqual([]);
  });

  test("every product's documentation link is on its page and serves a PDF", async () => {
    const { products } = site.result.content;
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      const page = pagesByFile.get(`/products/${product.id}/index.html`);
      const hrefs = page?.dom.querySelectorAll("a[href]").map((a) => decode(a.getAttributeValue("href") ?? ""));
      expect(hrefs, product.id).toContain(product.documentationUrl);
      const head = (await readFile(path.join(site.dir, product.documentationUrl))).subarray(0, 5).toString("latin1");
      expect(head, product.documentationUrl).toBe("%PDF-");
    }
  });

  test("e-mail and phone links are usable, and no link is a placeholder (#) or a javascript: URL", () => {
    expect(brokenReferences(schemeProblem)).toEqual([]);
  });

  test("every file the stylesheet points at is in the build", async () => {
    const stylesheets = new Set(
      site.pages.flatMap((page) =>
        page.dom
          .querySelectorAll("link")
          .filter((el) => el.getAttributeValue("rel") === "stylesheet")
          .map((el) => el.getAttributeValue("href") ?? ""),
      ),
    );
    const missing = (await cssUrls(site.dir, [...stylesheets])).filter((url) => !existsSync(path.join(site.dir, url)));
    expect(missing).toEqual([]);
  });
});

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { HtmlElement } from "html-validate";
import { gzipSize } from "../../build/write.ts";
import { COMPRESSIBLE_EXTENSIONS } from "../../src/lib/static-files.ts";
import type { BuiltPage } from "./built-site.ts";

/** What one page costs a visitor, in gzip bytes (raw bytes for files served uncompressed, such as PNG). */
export interface PageWeight {
  path: string;
  html: number;
  css: number;
  /**
   * The critical path: module scripts in the HTML with their static imports, inline scripts, and islands woken on
   * load. Islands woken when idle, visible or on interaction come after it.
   */
  jsCriticalPath: number;
  /** Ids of the islands counted in jsCriticalPath (hydrate="load"). */
  islandsOnLoad: string[];
  /** jsCriticalPath plus islands woken when the browser is idle: what loads with no interaction and no scrolling. */
  jsWithoutInteraction: number;
  /** Every script the page can load: the above plus every island chunk and what it imports. */
  jsTotal: number;
  /** Images in the page (largest candidate of each), the favicon a browser fetches and files the stylesheet points at. */
  media: number;
  /** html + css + jsTotal + media: a visitor who scrolls the whole page and wakes every island. */
  transfer: number;
  /** Files the page references that the measurement could not find (a broken measurement, not a small page). */
  missing: string[];
}

/** Types the server and CloudFront compress; other files travel as they are. */
const COMPRESSED = COMPRESSIBLE_EXTENSIONS;

/**
 * Measures pages of a build in `dir`. `imports` maps each script URL to the URLs it imports statically (from
 * build/islands.ts), so the cost of a script includes the chunks it pulls in.
 */
export function pageWeigher(dir: string, imports: ReadonlyMap<string, readonly string[]>) {
  const sizes = new Map<string, Promise<number | undefined>>();
  const fileSize = (url: string) => {
    const key = url.split(/[?#]/)[0] ?? url;
    let size = sizes.get(key);
    if (!size) {
      const file = path.join(dir, decodeURIComponent(key));
      size = readFile(file).then(
        (bytes) => (COMPRESSED.has(path.extname(file)) ? gzipSize(bytes) : bytes.length),
        () => undefined,
      );
      sizes.set(key, size);
    }
    return size;
  };
  const closure = (urls: Iterable<string>) => {
    const seen = new Set<string>();
    const visit = (url: string) => {
      if (seen.has(url)) return;
      seen.add(url);
      for (const next of imports.get(url) ?? []) visit(next);
    };
    for (const url of urls) visit(url);
    return seen;
  };

  return async function weigh(page: BuiltPage): Promise<PageWeight> {
    const missing: string[] = [];
    const sum = async (urls: Iterable<string>) => {
      let total = 0;
      for (const url of urls) {
        const size = await fileSize(url);
        if (size === undefined) missing.push(url);
        else total += size;
      }
      return total;
    };
    const attr = (selector: string, name: string) =>
      page.dom.querySelectorAll(selector).map((el) => el.getAttributeValue(name) ?? "").filter((value) => value.startsWith("/"));
    const links = (rel: string) =>
      page.dom
        .querySelectorAll("link[href]")
        .filter((el) => (el.getAttributeValue("rel") ?? "").toLowerCase().split(/\s+/).includes(rel))
        .map((el) => el.getAttributeValue("href") ?? "")
        .filter((href) => href.startsWith("/"));

    const stylesheets = links("stylesheet");
    const moduleScripts = attr("script[src]", "src");
    const islands = page.dom.querySelectorAll("site-island[data-src]");
    const islandSrc = (el: HtmlElement) => el.getAttributeValue("data-src") ?? "";
    const onLoadIslands = islands.filter((el) => el.getAttributeValue("data-hydrate") === "load");
    const onLoad = onLoadIslands.map(islandSrc);
    const onIdle = islands.filter((el) => el.getAttributeValue("data-hydrate") === "idle").map(islandSrc);
    const inline = page.dom
      .querySelectorAll("script")
      .filter((el) => !el.hasAttribute("src") && ["", "module", "text/javascript"].includes(el.getAttributeValue("type") ?? ""))
      .reduce((n, el) => n + gzipSize(el.textContent), 0);

    const html = gzipSize(page.html);
    const css = await sum(stylesheets);
    const jsCriticalPath = (await sum(closure([...moduleScripts, ...onLoad]))) + inline;
    const jsWithoutInteraction = (await sum(closure([...moduleScripts, ...onLoad, ...onIdle]))) + inline;
    const jsTotal = (await sum(closure([...moduleScripts, ...islands.map(islandSrc)]))) + inline;
    // A browser fetches one of the icons it is offered: the SVG where it reads SVG, favicon.ico elsewhere.
    const icons = links("icon");
    const icon = icons.find((href) => href.endsWith(".svg")) ?? icons[0];
    const media = await sum(new Set([...(await imageUrls(page.dom)), ...(icon ? [icon] : []), ...(await cssUrls(dir, stylesheets))]));
    const islandsOnLoad = onLoadIslands.map((el) => el.getAttributeValue("data-island") ?? "?");
    return { path: page.path, html, css, jsCriticalPath, islandsOnLoad, jsWithoutInteraction, jsTotal, media, transfer: html + css + jsTotal + media, missing: [...new Set(missing)] };
  };

  /** Per image the largest candidate: what a high-density screen downloads (an upper bound). */
  async function largestOf(candidates: string[]): Promise<string | undefined> {
    let best: { url: string; size: number } | undefined;
    for (const url of candidates) {
      const size = (await fileSize(url)) ?? Number.POSITIVE_INFINITY; // a missing file is reported, not skipped
      if (!best || size > best.size) best = { url, size };
    }
    return best?.url;
  }

  function* imageCandidates(dom: HtmlElement): Generator<string[]> {
    for (const img of dom.querySelectorAll("img")) {
      const sources = img.parent?.tagName === "picture" ? img.parent.querySelectorAll("source") : [];
      yield [img, ...sources]
        .flatMap((el) => [el.getAttributeValue("src") ?? "", ...srcsetUrls(el.getAttributeValue("srcset") ?? "")])
        .filter((url) => url.startsWith("/"));
    }
  }

  function imageUrls(dom: HtmlElement): Promise<string[]> {
    return Promise.all([...imageCandidates(dom)].map(largestOf)).then((urls) => urls.filter((u): u is string => u !== undefined));
  }
}

/** URLs of a srcset attribute ("a.webp 400w, b.webp 800w"). */
export function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

/** Site-absolute url(…) references of the stylesheets (fonts, background images); data: URLs cost nothing extra. */
export async function cssUrls(dir: string, stylesheets: readonly string[]): Promise<string[]> {
  const urls: string[] = [];
  for (const href of stylesheets) {
    const css = await readFile(path.join(dir, href)).then(String, () => "");
    for (const [, raw = ""] of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
      if (raw.startsWith("data:") || raw.startsWith("#") || /^[a-z]+:/i.test(raw)) continue;
      urls.push(new URL(raw, `http://site${href}`).pathname);
    }
  }
  return urls;
}

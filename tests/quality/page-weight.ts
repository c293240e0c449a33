import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";
import type { Element, Nodes } from "hast";
import { parsePage } from "../../build/html-tree.ts";
import { gzipSize } from "../../build/write.ts";
import { COMPRESSIBLE_EXTENSIONS } from "../../src/lib/static-files.ts";

/**
 * What one page costs a visitor, in gzip bytes (raw bytes for files served uncompressed, such as PNG): the site's one
 * definition of page weight, read from a built site (dist/) alone. The byte budgets (tests/quality/budgets.test.ts)
 * check it in npm test; `npm run sizes` prints it for every page (scripts/sizes.ts).
 */
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

/** A page to weigh: its URL path and HTML. */
export interface WeighedPage {
  path: string;
  html: string;
}

const local = (url: string | undefined): url is string => url?.startsWith("/") === true && !url.startsWith("//");

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

/**
 * Weighs pages of a build written to `dir`. `imports` maps each script URL to the URLs it imports statically (from
 * build/bundle.ts), so the cost of a script includes the chunks it pulls in. Files are read once for all pages.
 */
export function pageWeigher(dir: string, imports: ReadonlyMap<string, readonly string[]>) {
  const sizes = new Map<string, Promise<number | undefined>>();
  const fileSize = (url: string) => {
    const key = url.split(/[?#]/)[0] ?? url;
    let size = sizes.get(key);
    if (!size) {
      const file = path.join(dir, decodeURIComponent(key));
      size = readFile(file).then(
        (bytes) => (COMPRESSIBLE_EXTENSIONS.has(path.extname(file)) ? gzipSize(bytes) : bytes.length),
        () => undefined,
      );
      sizes.set(key, size);
    }
    return size;
  };
  // Every page links one of a few stylesheets: read each once.
  const cssUrlsOf = new Map<string, Promise<string[]>>();
  const stylesheetUrls = async (hrefs: readonly string[]) =>
    (
      await Promise.all(
        hrefs.map(
          (href) => cssUrlsOf.get(href) ?? cssUrlsOf.set(href, cssUrls(dir, [href])).get(href) ?? Promise.resolve([]),
        ),
      )
    ).flat();
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
  /** Per image the largest candidate: what a high-density screen downloads (an upper bound). */
  const largestOf = async (candidates: string[]) => {
    let best: { url: string; size: number } | undefined;
    for (const url of candidates) {
      const size = (await fileSize(url)) ?? Number.POSITIVE_INFINITY; // a missing file is reported, not skipped
      if (!best || size > best.size) best = { url, size };
    }
    return best?.url;
  };

  return async function weigh(page: WeighedPage): Promise<PageWeight> {
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
    const refs = pageReferences(page.html);
    const html = gzipSize(page.html);
    const css = await sum(refs.stylesheets);
    const jsCriticalPath = (await sum(closure([...refs.moduleScripts, ...refs.onLoad]))) + refs.inline;
    const jsWithoutInteraction =
      (await sum(closure([...refs.moduleScripts, ...refs.onLoad, ...refs.onIdle]))) + refs.inline;
    const jsTotal = (await sum(closure([...refs.moduleScripts, ...refs.islands]))) + refs.inline;
    const images = await Promise.all(refs.images.map(largestOf));
    const media = await sum(
      new Set([
        ...images.filter(local),
        ...(refs.icon ? [refs.icon] : []),
        ...(await stylesheetUrls(refs.stylesheets)),
      ]),
    );
    return {
      path: page.path,
      html,
      css,
      jsCriticalPath,
      islandsOnLoad: refs.islandsOnLoad,
      jsWithoutInteraction,
      jsTotal,
      media,
      transfer: html + css + jsTotal + media,
      missing: [...new Set(missing)],
    };
  };
}

/** What a page's HTML loads, before any file is measured. */
export interface PageReferences {
  stylesheets: string[];
  /** Module scripts in the HTML, and the entry chunks of the islands woken on load, when idle, and of all islands. */
  moduleScripts: string[];
  onLoad: string[];
  onIdle: string[];
  islands: string[];
  islandsOnLoad: string[];
  /** gzip bytes of the inline scripts. */
  inline: number;
  /** The icon a browser fetches: the SVG where it reads SVG, else the first one offered. */
  icon?: string;
  /** Per image, its candidate URLs. */
  images: string[][];
}

// The same few inline scripts are on every page: measure each once.
const inlineSizes = new Map<string, number>();
const inlineSize = (code: string) => inlineSizes.get(code) ?? inlineSizes.set(code, gzipSize(code)).get(code) ?? 0;

/** What a page's HTML references, each list in document order. */
interface ReferenceScan {
  stylesheets: string[];
  icons: string[];
  moduleScripts: string[];
  islands: { id: string; src: string; hydrate: string }[];
  inline: number;
  /** Per <picture>, its candidates; then per <img> outside one. The page lists every picture before the other images. */
  pictures: string[][];
  images: string[][];
}

const attribute = (element: Element, name: string) => {
  const value = element.properties[name];
  return Array.isArray(value) ? value.join(name === "srcSet" ? ", " : " ") : value === undefined ? "" : String(value);
};
const textOf = (element: Element) =>
  element.children.map((child) => (child.type === "text" ? child.value : "")).join("");

/** Adds what `node` refers to to `scan`; inside a picture, its sources and images go to `picture` instead. */
function readTree(node: Nodes, scan: ReferenceScan, picture?: { sources: string[]; images: string[] }): void {
  if (node.type !== "element" && node.type !== "root") return;
  if (node.type === "element") {
    const urls = (e: Element) => [attribute(e, "src"), ...srcsetUrls(attribute(e, "srcSet"))].filter(local);
    const tag = node.tagName;
    if (tag === "script") {
      const src = attribute(node, "src");
      if (local(src)) scan.moduleScripts.push(src);
      if (!src && ["", "module", "text/javascript"].includes(attribute(node, "type")))
        scan.inline += inlineSize(textOf(node));
      return;
    }
    if (tag === "picture") {
      const candidates = { sources: [] as string[], images: [] as string[] };
      for (const child of node.children) readTree(child, scan, candidates);
      scan.pictures.push([...candidates.sources, ...candidates.images]);
      return;
    }
    if (tag === "link") {
      const rel = attribute(node, "rel").toLowerCase().split(/\s+/);
      const href = attribute(node, "href");
      if (rel.includes("stylesheet") && local(href)) scan.stylesheets.push(href);
      if (rel.includes("icon") && local(href)) scan.icons.push(href);
    } else if (tag === "site-island") {
      scan.islands.push({
        id: attribute(node, "dataIsland") || "?",
        src: attribute(node, "dataSrc"),
        hydrate: attribute(node, "dataHydrate"),
      });
    } else if (picture && (tag === "img" || tag === "source")) {
      (tag === "img" ? picture.images : picture.sources).push(...urls(node));
    } else if (tag === "img") {
      scan.images.push(urls(node));
    }
  }
  for (const child of node.children) readTree(child, scan, picture);
}

/** What a page's HTML loads, read in one pass over its tree (a real HTML parser: island props are JSON text). */
export function pageReferences(html: string): PageReferences {
  const scan: ReferenceScan = {
    stylesheets: [],
    icons: [],
    moduleScripts: [],
    islands: [],
    inline: 0,
    pictures: [],
    images: [],
  };
  readTree(parsePage(html), scan);
  const onLoad = scan.islands.filter((island) => island.hydrate === "load");
  return {
    stylesheets: scan.stylesheets,
    moduleScripts: scan.moduleScripts,
    onLoad: onLoad.map((island) => island.src),
    onIdle: scan.islands.filter((island) => island.hydrate === "idle").map((island) => island.src),
    islands: scan.islands.map((island) => island.src),
    islandsOnLoad: onLoad.map((island) => island.id),
    inline: scan.inline,
    icon: scan.icons.find((href) => href.endsWith(".svg")) ?? scan.icons[0],
    images: [...scan.pictures, ...scan.images].filter((candidates) => candidates.length > 0),
  };
}

/** Weighs every page of a build written to `dir`; the scripts' imports are read from the built files when not given. */
export async function weighPages(
  dir: string,
  pages: readonly WeighedPage[],
  imports?: ReadonlyMap<string, readonly string[]>,
): Promise<PageWeight[]> {
  const weigh = pageWeigher(dir, imports ?? (await scriptImports(dir)));
  return Promise.all(pages.map(weigh));
}

/**
 * URL of each script of the build → URLs of the scripts it imports statically (what loading it costs), as esbuild's
 * parser reads them: every script is scanned once and nothing is bundled.
 */
export async function scriptImports(dir: string): Promise<Map<string, string[]>> {
  const scripts = (await readdir(dir, { recursive: true }))
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".js"));
  const imports = new Map<string, string[]>(scripts.map((file) => [`/${file}`, []]));
  const record: esbuild.Plugin = {
    name: "record-imports",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return undefined;
        const from = `/${path.relative(dir, args.importer).split(path.sep).join("/")}`;
        if (args.kind === "import-statement" && args.path.startsWith("."))
          imports.get(from)?.push(path.posix.join(path.posix.dirname(from), args.path));
        return { path: args.path, external: true };
      });
    },
  };
  await esbuild.build({
    absWorkingDir: dir,
    entryPoints: scripts,
    bundle: true,
    write: false,
    outdir: "weighed",
    format: "esm",
    logLevel: "silent",
    plugins: [record],
  });
  return imports;
}

/** KB of the size report and the budgets: 1,000 bytes (the stricter reading of "15 KB"). */
export const KB = 1000;

/** "14.2 KB" for a byte count. */
export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** The size report as a table, one line per page. */
export function formatWeights(weights: readonly PageWeight[]): string {
  const width = Math.max(4, ...weights.map((w) => w.path.length));
  const columns = ["html", "css", "js load", "js +idle", "js total", "media", "transfer"];
  const kb = (n: number) => formatKb(n).padStart(10);
  const rows = weights.map((w) =>
    [
      w.path.padEnd(width),
      ...[w.html, w.css, w.jsCriticalPath, w.jsWithoutInteraction, w.jsTotal, w.media, w.transfer].map(kb),
    ].join(" "),
  );
  const legend =
    "js load: critical path (loader, inline, load islands); js +idle: plus idle islands; js total: every island";
  return [
    `Page weights (gzip, KB = 1000 bytes). ${legend}`,
    [`${"page".padEnd(width)}`, ...columns.map((c) => c.padStart(10))].join(" "),
    ...rows,
  ].join("\n");
}

import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { RouteTable } from "../src/lib/routing.ts";
import type { InlineScript, OutputFile } from "./islands.ts";
import type { RenderedPage } from "./render.tsx";

export interface SiteOutput {
  pages: RenderedPage[];
  assets: OutputFile[];
  /** Other generated files: sitemap.xml, robots.txt, rss.xml … */
  extra: OutputFile[];
  inlineScripts: Map<string, InlineScript>;
  /** Folders copied as they are: content/images → dist/images, public → dist. */
  copies: { from: string; to: string }[];
}

/** The only stage that touches dist/: clears it, writes everything, and returns the route table it wrote. */
export async function writeSite(outDir: string, output: SiteOutput): Promise<RouteTable> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await copyFolders(outDir, output.copies);
  const { files, table } = siteFiles(output);
  await writeFiles(outDir, files);
  return table;
}

/** Copies the folders that are served as they are (public/, content/images); a missing folder is fine. */
export async function copyFolders(outDir: string, copies: SiteOutput["copies"]): Promise<void> {
  for (const copy of copies) {
    await cp(copy.from, path.join(outDir, copy.to), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }
}

/** Every generated file of the site (all but the copied folders), and the route table among them. */
export function siteFiles(output: Omit<SiteOutput, "copies">): { files: OutputFile[]; table: RouteTable } {
  const table: RouteTable = { pages: [], notFound: {} };
  for (const page of output.pages) {
    if (page.route.special) {
      const folder = path.posix.dirname(`/${page.route.outFile}`);
      if (folder !== "/") table.notFound[folder] = `/${page.route.outFile}`;
    } else table.pages.push(page.route.path);
  }
  table.pages.sort();
  const files: OutputFile[] = [
    ...output.assets,
    ...output.extra,
    // Encoded when written or compared, not before: an incremental build leaves most pages untouched.
    ...output.pages.map((page) => ({
      path: page.route.outFile,
      get contents() {
        return Buffer.from(page.html);
      },
    })),
    { path: "_routes.json", contents: Buffer.from(`${JSON.stringify(table, null, 2)}\n`) },
    {
      path: "_csp.json",
      contents: Buffer.from(`${JSON.stringify({ scriptHashes: [...output.inlineScripts.values()].map((s) => s.hash) }, null, 2)}\n`),
    },
  ];
  return { files, table };
}

/** Writes files under outDir, creating each folder once. */
export async function writeFiles(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const folders = new Set(files.map((file) => path.dirname(path.join(outDir, file.path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all(files.map((file) => writeFile(path.join(outDir, file.path), file.contents)));
}

export interface PageSize {
  path: string;
  html: number;
  css: number;
  /** Gzip bytes of JavaScript requested on load, before any interaction: the loader, its imports, inline scripts. */
  jsEager: number;
  /** Gzip bytes of all JavaScript the page can load: eager plus every island chunk and what it imports. */
  js: number;
}

/** gzip size of some bytes, as a browser would transfer them. */
export const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

/**
 * Per page, the gzip bytes of its HTML, its stylesheet, and its JavaScript: eager (the module scripts in the HTML and
 * their static imports, plus inline scripts) and in all (adding every island chunk with its imports).
 */
export function sizeReport(pages: RenderedPage[], assets: OutputFile[], imports: ReadonlyMap<string, string[]>): PageSize[] {
  const assetSize = new Map(assets.map((a) => [`/${a.path}`, gzipSize(a.contents)]));
  const closure = (urls: string[]) => {
    const seen = new Set<string>();
    const visit = (url: string) => {
      if (seen.has(url)) return;
      seen.add(url);
      for (const next of imports.get(url) ?? []) visit(next);
    };
    urls.forEach(visit);
    return seen;
  };
  // The same few inline scripts are on every page: measure each once.
  const inlineSizes = new Map<string, number>();
  const inlineSize = (code: string) => inlineSizes.get(code) ?? inlineSizes.set(code, gzipSize(code)).get(code) ?? 0;
  const total = (urls: Set<string>) => [...urls].reduce((n, u) => n + (assetSize.get(u) ?? 0), 0);
  return pages.map((page) => {
    const all = (pattern: RegExp) => [...page.html.matchAll(pattern)].map((m) => m[1] ?? "");
    const eager = closure(all(/<script type="module" src="([^"]+)"/g));
    const inline = all(/<script>([\s\S]*?)<\/script>/g).reduce((n, code) => n + inlineSize(code), 0);
    const lazy = closure([...eager, ...all(/data-src="([^"]+)"/g)]);
    const css = all(/<link rel="stylesheet" href="([^"]+)"/g).reduce((n, href) => n + (assetSize.get(href) ?? 0), 0);
    return { path: page.route.path, html: page.htmlGzip ?? gzipSize(page.html), css, jsEager: total(eager) + inline, js: total(lazy) + inline };
  });
}

export function formatSizeReport(sizes: PageSize[]): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  const width = Math.max(...sizes.map((s) => s.path.length), 4);
  const lines = sizes.map((s) => `${s.path.padEnd(width)} ${kb(s.html)} ${kb(s.css)} ${kb(s.jsEager)} ${kb(s.js)}`);
  const head = ["html gz", "css gz", "js eager", "js all"].map((h) => h.padStart(9)).join(" ");
  return [`${"page".padEnd(width)} ${head}`, ...lines].join("\n");
}

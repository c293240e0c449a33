import path from "node:path";
import { checkContentLinks, servedFiles } from "./check-links.ts";
import { buildDocsPdfs } from "./docs-pdf.ts";
import { robots, rssFeed, sitemap } from "./feeds.ts";
import { bundleIslands } from "./islands.ts";
import { readCompiledContent } from "./read-content.ts";
import { buildOgImages } from "./og-images.ts";
import { renderRoutes } from "./render.tsx";
import { collectRoutes } from "./routes.ts";
import { buildSiteIcons } from "./site-icons.ts";
import { type PageSize, sizeReport, writeSite } from "./write.ts";
import type { SiteContent } from "../src/lib/content.ts";
import { ContentErrors } from "./errors.ts";
import { PRODUCTION, type SiteEnvironment, withEnvironment } from "../src/lib/site-environment.ts";

export interface BuildOptions {
  rootDir: string;
  /** Defaults to <rootDir>/content; tests point it at fixtures. */
  contentDir?: string;
  /** Defaults to <rootDir>/dist. */
  outDir?: string;
  /** Called with one short line per stage, e.g. "[render] 58 pages in 412 ms". */
  log?: (line: string) => void;
  /** The deployment the pages are for (origin, noindex); production at site.yaml's url by default. */
  environment?: SiteEnvironment;
}

export interface BuildResult {
  content: SiteContent;
  pages: number;
  sizes: PageSize[];
  ms: number;
}

/** The pipeline: load → validate → markdown → bundle → routes → render → share images, icons → links → write. Nothing is written if content is invalid. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const { rootDir, log = () => {} } = options;
  const contentDir = options.contentDir ?? path.join(rootDir, "content");
  const outDir = options.outDir ?? path.join(rootDir, "dist");
  const started = performance.now();
  const timed = async <T>(stage: string, run: () => Promise<T> | T, detail: (value: T) => string): Promise<T> => {
    const t0 = performance.now();
    const value = await run();
    log(`[${stage}] ${detail(value)} in ${Math.round(performance.now() - t0)} ms`);
    return value;
  };

  const compiled = await readCompiledContent(contentDir, { stage: timed });
  const { links } = compiled;
  const content = withEnvironment(compiled.content, options.environment ?? PRODUCTION);
  const docs = await timed("docs", () => buildDocsPdfs({ contentDir, siteName: content.site.name, products: content.products }), (d) => `${d.length} PDFs`);
  const bundle = await timed("islands", () => bundleIslands({ rootDir, islandsDir: path.join(rootDir, "src/islands") }), (b) => `${b.chunks.size} islands, ${b.files.length} files`);
  const routes = await timed("routes", () => collectRoutes(path.join(rootDir, "src/pages"), content), (r) => `${r.length} routes`);
  const pages = await timed("render", () => renderRoutes(routes, content, bundle), (p) => `${p.length} pages`);
  const brand = { logoFile: path.join(rootDir, "public/favicon.svg"), tokensFile: path.join(rootDir, "src/styles/tokens.css") };
  const og = await timed(
    "og",
    () => buildOgImages({ pages, site: content.site, contentDir, ...brand, cacheDir: path.join(rootDir, ".cache/og") }),
    (o) => `${o.files.length} share images (${o.rendered} drawn, ${o.cached} cached, ${Math.round(o.bytes / 1024)} KB)`,
  );
  const icons = await timed("icons", () => buildSiteIcons({ site: content.site, ...brand }), (f) => `${f.length} icon files`);
  const extra = [
    { path: "sitemap.xml", contents: Buffer.from(sitemap(pages, content)) },
    { path: "robots.txt", contents: Buffer.from(robots(content)) },
    { path: "rss.xml", contents: Buffer.from(rssFeed(content)) },
    ...docs,
    ...og.files,
    ...icons,
  ];
  const copies = [
    { from: path.join(rootDir, "public"), to: "." },
    { from: path.join(contentDir, "images"), to: "images" },
  ];
  // Links in markdown are checked against what is about to be written, so routes and anchors are exactly the built ones.
  await timed(
    "links",
    async () => {
      const files = new Set([...[...bundle.files, ...extra].map((file) => `/${file.path}`), ...(await servedFiles(copies))]);
      const targets = pages.filter((page) => !page.route.special).map((page) => ({ path: page.route.path, html: page.html }));
      const broken = checkContentLinks(links, { pages: targets, files });
      if (broken.length) throw new ContentErrors(broken);
      return links.length;
    },
    (count) => `${count} links checked`,
  );
  await timed(
    "write",
    () =>
      writeSite(outDir, {
        pages,
        assets: bundle.files,
        extra,
        inlineScripts: bundle.inlineScripts,
        copies,
      }),
    (table) => `${table.pages.length} pages and ${bundle.files.length + extra.length} files`,
  );
  return { content, pages: pages.length, sizes: sizeReport(pages, bundle.files, bundle.imports), ms: Math.round(performance.now() - started) };
}

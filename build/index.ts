import path from "node:path";
import { compileContent } from "./compile-content.ts";
import { buildDocsPdfs } from "./docs-pdf.ts";
import { robots, rssFeed, sitemap } from "./feeds.ts";
import { bundleIslands } from "./islands.ts";
import { loadContent } from "./load-content.ts";
import { renderRoutes } from "./render.tsx";
import { collectRoutes } from "./routes.ts";
import { type PageSize, sizeReport, writeSite } from "./write.ts";
import type { SiteContent } from "../src/lib/content.ts";
import { PRODUCTION, type SiteEnvironment, withEnvironment } from "../src/lib/site-environment.ts";
import { validateContent } from "./validate-content.ts";

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

/** The pipeline: load → validate → markdown → bundle → routes → render → write. Nothing is written if content is invalid. */
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

  const raw = await timed("load", () => loadContent(contentDir), (r) => `${r.products.length + r.posts.length + r.portfolio.length + r.pages.length + 6} files`);
  const valid = await timed("validate", () => validateContent(raw), () => "content valid");
  const compiled = await timed("markdown", () => compileContent(valid), (c) => `${c.posts.length + c.pages.length} documents`);
  const content = withEnvironment(compiled, options.environment ?? PRODUCTION);
  const docs = await timed("docs", () => buildDocsPdfs({ contentDir, siteName: content.site.name, products: content.products }), (d) => `${d.length} PDFs`);
  const bundle = await timed("islands", () => bundleIslands({ rootDir, islandsDir: path.join(rootDir, "src/islands") }), (b) => `${b.chunks.size} islands, ${b.files.length} files`);
  const routes = await timed("routes", () => collectRoutes(path.join(rootDir, "src/pages"), content), (r) => `${r.length} routes`);
  const pages = await timed("render", () => renderRoutes(routes, content, bundle), (p) => `${p.length} pages`);
  const extra = [
    { path: "sitemap.xml", contents: Buffer.from(sitemap(pages, content)) },
    { path: "robots.txt", contents: Buffer.from(robots(content)) },
    { path: "rss.xml", contents: Buffer.from(rssFeed(content)) },
    ...docs,
  ];
  await timed(
    "write",
    () =>
      writeSite(outDir, {
        pages,
        assets: bundle.files,
        extra,
        inlineScripts: bundle.inlineScripts,
        copies: [
          { from: path.join(rootDir, "public"), to: "." },
          { from: path.join(contentDir, "images"), to: "images" },
        ],
      }),
    (table) => `${table.pages.length} pages and ${bundle.files.length + extra.length} files`,
  );
  return { content, pages: pages.length, sizes: sizeReport(pages, bundle.files, bundle.imports), ms: Math.round(performance.now() - started) };
}

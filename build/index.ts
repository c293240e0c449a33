import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { PRODUCTION, type SiteEnvironment, withEnvironment } from "../src/lib/site-environment.ts";
import { checkContentLinks, servedFiles } from "./check-links.ts";
import { compileContent } from "./compile-content.ts";
import { buildDocsPdfs } from "./docs-pdf.ts";
import { blogIndexFile, robots, rssFeed, sitemap } from "./feeds.ts";
import { ContentErrors } from "./errors.ts";
import { type KeyedPage, pageKeys, pagesToRender, writeChanges } from "./incremental.ts";
import { bundleIslands, type IslandBundle, type OutputFile } from "./islands.ts";
import { loadContent, type ParseCache } from "./load-content.ts";
import { renderBodies } from "./markdown-bodies.ts";
import { cachedMarkdown, type MarkdownRenderer } from "./markdown-cache.ts";
import { renderMarkdown } from "./markdown.ts";
import { type MeasuredHtml, measureHtml, readHtmlSizes, writeHtmlSizes } from "./html-sizes.ts";
import { buildOgImages } from "./og-images.ts";
import { pageData, type RenderedPage, renderRoutes } from "./render.tsx";
import { RenderPool } from "./render-pool.ts";
import { collectRoutes, preloadPageModules, type Route } from "./routes.ts";
import { buildSearchIndex, SectionCache } from "./search-index.ts";
import { buildSiteIcons } from "./site-icons.ts";
import { validateContent } from "./validate-content.ts";
import { workerBundle } from "./worker-bundle.ts";
import { type PageWeight, weighPages } from "./page-weight.ts";
import { copyFolders, siteFiles, writeFiles } from "./write.ts";

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
  /** Rendered markdown and share cards kept across builds; defaults to <rootDir>/.cache, `false` renders everything afresh. */
  cacheDir?: string | false;
  /** Render worker threads: a number, or by default one per core once the site has more than a few dozen pages. */
  workers?: number;
  /** The per-page weights (build/page-weight.ts); npm run dev skips them. Default true. */
  sizes?: boolean;
}

export interface BuildResult {
  content: SiteContent;
  pages: number;
  /** Pages rendered by this build; the rest were unchanged since the session's previous build. */
  rendered: number;
  /** Page weights (build/page-weight.ts), what the byte budgets check; empty when `sizes: false`. */
  sizes: PageWeight[];
  ms: number;
}

/** Below this many pages to render, starting workers costs more than it saves. */
const POOL_MIN_PAGES = 64;

/** Files in the folders that make pages (articles, products, projects), counted before anything is read. */
async function contentFileCount(contentDir: string): Promise<number> {
  const counts = await Promise.all(["blog", "products", "portfolio"].map((dir) => readdir(path.join(contentDir, dir)).then((names) => names.length, () => 0)));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * One build from scratch: load → validate → markdown → bundle → routes → render → share images, icons → links → write.
 * Nothing is written if content is invalid.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const session = new BuildSession(options);
  try {
    return await session.build(undefined, { last: true });
  } finally {
    await session.close();
  }
}

/**
 * Builds that remember the previous one (npm run dev): the first is a clean build; each later one reloads the
 * content, renders only the pages whose inputs changed and writes only the files whose bytes changed, so dist/
 * ends up exactly as a clean build would leave it (tests/integration/incremental-build.test.ts checks that).
 * Code changes (src/, build/) need a new session: page modules and the bundle are loaded once.
 */
export class BuildSession {
  readonly #rootDir: string;
  readonly #contentDir: string;
  readonly #outDir: string;
  readonly #log: (line: string) => void;
  readonly #options: BuildOptions;
  #bundle: Promise<IslandBundle> | undefined;
  #markdown: Promise<MarkdownRenderer> | undefined;
  #pool: RenderPool | undefined;
  #pages = new Map<string, KeyedPage>();
  #written: Map<string, string> | undefined;
  #docs: { key: string; files: OutputFile[] } | undefined;
  #icons: { key: string; files: Promise<OutputFile[]> } | undefined;
  readonly #parsed: ParseCache = new Map();
  /** Share cards of this session by the hash of their inputs: a dev build reads none from disk again. */
  readonly #cards = new Map<string, Buffer>();
  /** Articles and policies split into search passages, by their HTML: a dev build splits only what changed. */
  readonly #searchSections = new SectionCache();

  constructor(options: BuildOptions) {
    this.#options = options;
    this.#rootDir = options.rootDir;
    this.#contentDir = options.contentDir ?? path.join(options.rootDir, "content");
    this.#outDir = options.outDir ?? path.join(options.rootDir, "dist");
    this.#log = options.log ?? (() => {});
  }

  /**
   * `changed`: paths of the content files changed since the previous build of this session, when known. `last`: no
   * build follows, so nothing needs remembering for one (a one-off build skips the page keys).
   */
  async build(changed?: readonly string[], { last = false } = {}): Promise<BuildResult> {
    const started = performance.now();
    const timed = async <T>(stage: string, run: () => Promise<T> | T, detail: (value: T) => string): Promise<T> => {
      const t0 = performance.now();
      const value = await run();
      this.#log(`[${stage}] ${detail(value)} in ${Math.round(performance.now() - t0)} ms`);
      return value;
    };
    const rootDir = this.#rootDir;
    const contentDir = this.#contentDir;
    // The bundle depends on src/ only; it builds while the content loads.
    this.#bundle ??= bundleIslands({ rootDir, islandsDir: path.join(rootDir, "src/islands") });
    this.#bundle.catch(() => {});

    // The workers start before the content loads: loading React and the page modules takes them as long as the load.
    const workers = this.#options.workers ?? ((await contentFileCount(contentDir)) > POOL_MIN_PAGES ? undefined : 0);
    if (workers !== 0 && !this.#pool) {
      const dirs = { pagesDir: path.join(rootDir, "src/pages"), islandsDir: path.join(rootDir, "src/islands") };
      // Bundled by esbuild in its own process while this thread loads content; the workers start once it is ready.
      this.#pool = new RenderPool(dirs, workers, workerBundle({ rootDir, ...dirs, cacheDir: this.#cacheDir("worker") }));
    }
    // The page sizes the last build kept (build/html-sizes.ts), read while the content loads.
    const htmlSizes = this.#options.sizes === false ? undefined : readHtmlSizes(this.#cacheDir("sizes"));
    const loaded = await timed("load", () => loadContent(contentDir, this.#parsed), (r) => `${r.products.length + r.posts.length + r.portfolio.length + r.pages.length + 6} files`);
    // This thread has little to do once the workers take the markdown: it loads the page modules the routes need.
    // After the island bundle, which loads the island modules: never two loads of one module at once.
    const pagesLoading = this.#bundle.then(
      () => preloadPageModules(path.join(rootDir, "src/pages")),
      () => {}, // reported where the bundle is awaited
    );
    // Bodies render before validation: the render finds the links and images that validation and the link check read.
    const bodies = await timed("markdown", async () => renderBodies(loaded, await this.#markdownRenderer()), (b) => `${b.raw.posts.length + b.raw.pages.length} documents`);
    const valid = await timed("validate", () => validateContent(bodies.raw), () => "content valid");
    const compiled = await timed("compile", () => compileContent(valid, bodies.render), (c) => `${c.content.posts.length + c.content.pages.length} documents`);
    const content = withEnvironment(compiled.content, this.#options.environment ?? PRODUCTION);
    // PDFs and icons are made on this thread while the workers render; they are awaited where the files are gathered.
    const docsMaking = timed("docs", () => this.#docsFor(content, changed), (d) => `${d.length} PDFs`);
    docsMaking.catch(() => {});
    const bundle = await timed("islands", () => this.#bundle as Promise<IslandBundle>, (b) => `${b.chunks.size} islands, ${b.files.length} files`);
    await pagesLoading;
    const routes = await timed("routes", () => collectRoutes(path.join(rootDir, "src/pages"), content), (r) => `${r.length} routes`);
    // Each page's data and head, once: the share cards read the heads, a dev build compares both with the last build's.
    const pageInputs = routes.map((route) => pageData(route, content));
    const keys = last ? new Map<string, string>() : await timed("changes", () => pageKeys(routes, content, pageInputs), () => "page inputs compared");
    const due = pagesToRender(routes, keys, this.#pages);
    // Share cards need only each page's head: this thread draws them while the workers render, so both cores work.
    const brand = { logoFile: path.join(rootDir, "public/favicon.svg"), tokensFile: path.join(rootDir, "src/styles/tokens.css") };
    const heads = routes.map((route, i) => ({ route, head: pageInputs[i]?.head ?? pageData(route, content).head }));
    const drawing = timed(
      "og",
      () => buildOgImages({ pages: heads, site: content.site, contentDir, ...brand, cacheDir: this.#cacheDir("og"), memory: this.#cards }),
      (o) => `${o.files.length} share images (${o.rendered} drawn, ${o.cached} cached, ${Math.round(o.bytes / 1024)} KB)`,
    );
    drawing.catch(() => {}); // awaited below; a failure is reported there, after the render
    const { pages: fresh, measuring } = await timed("render", async () => this.#render(due, content, bundle, await htmlSizes), (r) => `${r.pages.length} of ${routes.length} pages`);
    measuring?.catch(() => {}); // awaited at the sizes stage
    // A session's later builds render their few pages in this thread: warm React and the island modules here now,
    // while the first build runs anyway, rather than on the editor's first save (a quarter of a second at 1,000 posts).
    if (!last && this.#pool && due[0]) renderRoutes(due.slice(0, 1), content, bundle);
    const next = new Map<string, KeyedPage>();
    const freshByFile = new Map(fresh.map((page) => [page.route.outFile, page]));
    for (const route of routes) {
      const page = freshByFile.get(route.outFile) ?? this.#pages.get(route.outFile)?.page;
      if (page) next.set(route.outFile, { key: keys.get(route.outFile) ?? "", page: { ...page, route } });
    }
    const pages = [...next.values()].map((entry) => entry.page);
    const og = await drawing;
    const [docs, icons] = await Promise.all([docsMaking, timed("icons", () => this.#iconsFor(content, brand), (f) => `${f.length} icon files`)]);
    // Made from the content on every build, like the feeds: an edited post, answer or policy is in the next index.
    const search = await timed("search", () => buildSearchIndex(content, this.#searchSections), (s) => `${s.documents} passages, ${Math.round(s.file.contents.length / 1024)} KB`);
    const extra = [
      { path: "sitemap.xml", contents: Buffer.from(sitemap(pages, content)) },
      { path: "robots.txt", contents: Buffer.from(robots(content)) },
      { path: "rss.xml", contents: Buffer.from(rssFeed(content)) },
      search.file,
      blogIndexFile(content),
      ...docs,
      ...og.files,
      ...icons,
    ];
    const { files } = siteFiles({ pages, assets: bundle.files, extra, inlineScripts: bundle.inlineScripts });
    const copies = [
      { from: path.join(rootDir, "public"), to: "." },
      { from: path.join(contentDir, "images"), to: "images" },
    ];
    // Links in markdown are checked against what is about to be written, so routes and anchors are exactly the built ones.
    await timed(
      "links",
      async () => {
        const served = new Set([...files.map((file) => `/${file.path}`), ...(await servedFiles(copies))]);
        const targets = pages.filter((page) => !page.route.special).map((page) => ({ path: page.route.path, html: page.html }));
        const broken = checkContentLinks(compiled.links, { pages: targets, files: served });
        if (broken.length) throw new ContentErrors(broken);
        return compiled.links.length;
      },
      (count) => `${count} links checked`,
    );
    const written = await timed(
      "write",
      async () => {
        const clean = !this.#written;
        if (clean) await rm(this.#outDir, { recursive: true, force: true });
        const imagesChanged = changed?.some((file) => path.resolve(file).startsWith(path.join(contentDir, "images") + path.sep)) ?? true;
        if (clean || imagesChanged) await copyFolders(this.#outDir, copies);
        // A build no other follows writes everything and needs no fingerprints to compare with next time.
        if (last && clean) {
          await writeFiles(this.#outDir, files);
          return { fingerprints: new Map<string, string>(), changed: files.length, removed: 0 };
        }
        const reused = routes.filter((route) => !freshByFile.has(route.outFile)).map((route) => route.outFile);
        return writeChanges(this.#outDir, files, this.#written ?? new Map(), new Set(reused));
      },
      (w) => `${w.changed} of ${files.length} files${w.removed ? `, ${w.removed} removed` : ""}`,
    );
    this.#written = written.fingerprints;
    this.#pages = next;
    // The workers measured the pages' gzip sizes while this thread wrote the site.
    for (const [outFile, measured] of (await measuring) ?? []) {
      const page = next.get(outFile)?.page;
      if (page) Object.assign(page, measured);
    }
    const sizes =
      this.#options.sizes === false
        ? []
        : await timed(
            "sizes",
            () => weighPages(this.#outDir, pages.map((page) => ({ path: page.route.path, html: page.html, htmlGzip: page.htmlGzip, references: page.references })), bundle.imports),
            (w) => `${w.length} pages weighed`,
          );
    if (this.#options.sizes !== false) await writeHtmlSizes(this.#cacheDir("sizes"), pages);
    return { content, pages: pages.length, rendered: fresh.length, sizes, ms: Math.round(performance.now() - started) };
  }

  async close(): Promise<void> {
    await this.#pool?.close();
    this.#pool = undefined;
  }

  /** A folder of the build's cache (markdown, og), or undefined when the build was asked to keep none. */
  #cacheDir(name: string): string | undefined {
    const { cacheDir = path.join(this.#rootDir, ".cache") } = this.#options;
    return cacheDir === false ? undefined : path.join(cacheDir, name);
  }

  #markdownRenderer(): Promise<MarkdownRenderer> {
    const { cacheDir = path.join(this.#rootDir, ".cache") } = this.#options;
    // Documents the cache lacks render on the workers when the site is large enough to have them.
    const render: MarkdownRenderer = (markdown, file) => (this.#pool ? this.#pool.markdown(markdown, file) : renderMarkdown(markdown, file));
    this.#markdown ??= cacheDir === false ? Promise.resolve(render) : cachedMarkdown(this.#rootDir, cacheDir, render);
    return this.#markdown;
  }

  /** Product documentation PDFs: made again only when the products, the site name or a file in content/docs changed. */
  async #docsFor(content: SiteContent, changed: readonly string[] | undefined): Promise<OutputFile[]> {
    const key = JSON.stringify([content.site.name, content.products]);
    const docsDir = path.join(this.#contentDir, "docs") + path.sep;
    const docsEdited = changed?.some((file) => path.resolve(file).startsWith(docsDir)) ?? true;
    if (this.#docs?.key === key && !docsEdited) return this.#docs.files;
    const files = await buildDocsPdfs({ contentDir: this.#contentDir, siteName: content.site.name, products: content.products });
    this.#docs = { key, files };
    return files;
  }

  /**
   * Site icons and manifest: drawn again only when the site facts changed. Their other inputs, the logo and the
   * tokens, are code: a change there starts a new session (npm run dev starts a fresh build process).
   */
  #iconsFor(content: SiteContent, brand: { logoFile: string; tokensFile: string }): Promise<OutputFile[]> {
    const key = JSON.stringify(content.site);
    if (this.#icons?.key !== key) {
      const files = buildSiteIcons({ site: content.site, ...brand });
      this.#icons = { key, files };
      files.catch(() => {
        if (this.#icons?.files === files) this.#icons = undefined;
      });
    }
    return this.#icons.files;
  }

  /**
   * Renders on the worker pool when there are many pages, in this thread when there are a few. When `htmlSizes` (what
   * the last build kept) says the build wants sizes, each page's gzip size comes with it, or from `measuring`: the
   * workers measure after the render, while this thread goes on to write the site.
   */
  async #render(
    routes: Route[],
    content: SiteContent,
    bundle: IslandBundle,
    htmlSizes: ReadonlyMap<string, number> | undefined,
  ): Promise<{ pages: RenderedPage[]; measuring?: Promise<Map<string, MeasuredHtml>> }> {
    if (this.#pool && (routes.length >= POOL_MIN_PAGES || this.#options.workers)) {
      await this.#pool.setContent(content, bundle, htmlSizes);
      const pages = await this.#pool.render(routes);
      return { pages, measuring: htmlSizes && this.#pool.measure() };
    }
    return { pages: renderRoutes(routes, content, bundle).map((page) => ({ ...page, ...(htmlSizes && measureHtml(page.html, htmlSizes)) })) };
  }

}

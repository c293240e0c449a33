import { rm } from "node:fs/promises";
import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { PRODUCTION, type SiteEnvironment, withEnvironment } from "../src/lib/site-environment.ts";
import { BuildCache, digest } from "./cache.ts";
import { checkContentLinks, checkLinksWithoutPages, servedFiles } from "./check-links.ts";
import { buildDocumentationPdfs } from "./documentation-pdf.ts";
import { ContentErrors, formatIssue } from "./errors.ts";
import { blogIndexFile, robots, rssFeed, sitemap } from "./feeds.ts";
import { type KeyedPage, pageKeys, pagesToRender, writeChanges } from "./incremental.ts";
import { bundleIslands, type IslandBundle } from "./bundle.ts";
import type { ParseCache } from "./load-content.ts";
import { type MarkdownRenderer, type RenderedMarkdown, renderMarkdown } from "./markdown.ts";
import { buildImageVariants } from "./images/variants.ts";
import { buildShareCards } from "./share-cards.ts";
import { readContent } from "./read-content.ts";
import { pageData, type RenderedPage, renderRoutes } from "./render.tsx";
import { collectRoutes, routeShapes } from "./routes.ts";
import { buildSearchIndex } from "./search-index.ts";
import { buildSiteIcons } from "./site-icons.ts";
import { type CopiedFolder, copyFolders, siteFiles } from "./write.ts";

export interface BuildOptions {
  rootDir: string;
  /** Defaults to <rootDir>/content; tests point it at fixtures. */
  contentDir?: string;
  /** Defaults to <rootDir>/dist. */
  outDir?: string;
  /** Called with one short line per stage, e.g. "[render] 31 pages in 412 ms". */
  log?: (line: string) => void;
  /** The deployment the pages are for (origin, noindex); production at site.yaml's url by default. */
  environment?: SiteEnvironment;
  /** The build cache's folder (build/cache.ts: share cards, icons, PDFs, rendered markdown, photos); defaults to <rootDir>/.cache, `false` keeps nothing. */
  cacheDir?: string | false;
  /**
   * Build drafts and posts dated after today too, each page with a Draft banner: `npm run dev` (build/cli.ts
   * --drafts). Default false: production and staging builds leave them out of every output.
   */
  drafts?: boolean;
  /** The moment that decides which posts are published (tests, BUILD_NOW); the clock's when absent. */
  now?: Date;
}

export interface BuildResult {
  content: SiteContent;
  pages: number;
  /** Pages rendered by this build; the rest were unchanged since the session's previous build. */
  rendered: number;
  ms: number;
}

/** One build from scratch. Nothing is written if the content is invalid. */
export function build(options: BuildOptions): Promise<BuildResult> {
  return new BuildSession(options).build();
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
  readonly #options: BuildOptions;
  readonly #cache: BuildCache;
  #bundle: IslandBundle | undefined;
  /** What the previous build of this session rendered and wrote; absent before the first. */
  #pages = new Map<string, KeyedPage>();
  #written: Map<string, string> | undefined;
  readonly #parsed: ParseCache = new Map();

  constructor(options: BuildOptions) {
    this.#options = options;
    this.#rootDir = options.rootDir;
    this.#contentDir = options.contentDir ?? path.join(options.rootDir, "content");
    this.#outDir = options.outDir ?? path.join(options.rootDir, "dist");
    const { cacheDir = path.join(options.rootDir, ".cache") } = options;
    this.#cache = new BuildCache({ rootDir: options.rootDir, dir: cacheDir === false ? undefined : cacheDir });
  }

  /** `changed`: paths of the content files changed since the previous build of this session, when known. */
  async build(changed?: readonly string[]): Promise<BuildResult> {
    const started = performance.now();
    const log = this.#options.log ?? (() => {});
    const stage = async <T>(name: string, run: () => Promise<T> | T, detail: (value: T) => string): Promise<T> => {
      const t0 = performance.now();
      const value = await run();
      log(`[${name}] ${detail(value)} in ${Math.round(performance.now() - t0)} ms`);
      return value;
    };
    const rootDir = this.#rootDir;
    const contentDir = this.#contentDir;

    // Load, render markdown, validate, compile (build/read-content.ts, the one way to read content).
    const render = await this.#markdownRenderer();
    const publicFolder: CopiedFolder = { from: path.join(rootDir, "public"), to: "." };
    const imagesFolder: CopiedFolder = { from: path.join(contentDir, "images"), to: "images" };
    let copies = [publicFolder, imagesFolder];
    const publishing = { drafts: this.#options.drafts ?? false, now: this.#options.now ?? new Date() };
    const read = await readContent(contentDir, { stage, render, parsed: this.#parsed, publishing, cache: this.#cache });
    if (!read.valid) {
      // No page can render, but a link to no page of src/pages, no content file's page and no copied file is broken
      // whatever the content: reported with the content errors, so an editor fixes all in one round. The rest waits.
      const shape = {
        ...(await routeShapes(path.join(rootDir, "src/pages"))),
        files: new Set(await servedFiles(copies)),
        contentPages: read.pages,
      };
      const links = checkLinksWithoutPages(read.links, shape);
      throw new ContentErrors([...read.errors.issues, ...links.issues], links.deferred);
    }
    const { compiled, facts } = read;
    // A draft's or a scheduled post's own images wait for it: not copied, not sized, not linkable.
    copies = [publicFolder, { ...imagesFolder, leaveOut: compiled.withheldImages }];
    for (const warning of compiled.warnings) log(`[warning] ${formatIssue(warning)}`);
    const content = withEnvironment(compiled.content, this.#options.environment ?? PRODUCTION);

    // Islands, styles and inline scripts depend on src/ only: bundled once per session.
    this.#bundle ??= await stage(
      "islands",
      () => bundleIslands({ rootDir, islandsDir: path.join(rootDir, "src/islands") }),
      (b) => `${b.chunks.size} islands, ${b.files.length} files`,
    );
    const bundle = this.#bundle;

    const routes = await stage(
      "routes",
      () => collectRoutes(path.join(rootDir, "src/pages"), content),
      (r) => `${r.length} routes`,
    );
    const inputs = routes.map((route) => pageData(route, content));
    const keys = pageKeys(routes, content, inputs);
    const due = pagesToRender(routes, keys, this.#pages);
    const fresh = await stage(
      "render",
      () => renderRoutes(due, content, bundle),
      (r) => `${r.length} of ${routes.length} pages`,
    );
    const freshByFile = new Map(fresh.map((page) => [page.route.outFile, page]));
    const next = new Map<string, KeyedPage>();
    for (const route of routes) {
      const page = freshByFile.get(route.outFile) ?? this.#pages.get(route.outFile)?.page;
      if (page) next.set(route.outFile, { key: keys.get(route.outFile) ?? "", page: { ...page, route } });
    }
    const pages: RenderedPage[] = [...next.values()].map((entry) => entry.page);

    const brand = {
      logoFile: path.join(rootDir, "public/favicon.svg"),
      tokensFile: path.join(rootDir, "src/styles/tokens.css"),
    };
    const heads = routes.map((route, i) => ({ route, head: inputs[i]?.head ?? pageData(route, content).head }));
    const [variants, shareCards, documentation, icons, search] = await Promise.all([
      stage(
        "images",
        () => buildImageVariants(contentDir, facts, content.images ?? {}, this.#cache),
        (v) =>
          `${v.files.length} image files (${v.made} made, ${v.files.length - v.made} cached, ${Math.round(v.files.reduce((n, f) => n + f.contents.length, 0) / 1024)} KB)`,
      ),
      stage(
        "share-cards",
        () => buildShareCards({ pages: heads, site: content.site, contentDir, ...brand, cache: this.#cache }),
        (o) =>
          `${o.files.length} share cards (${o.rendered} drawn, ${o.cached} cached, ${Math.round(o.bytes / 1024)} KB)`,
      ),
      stage(
        "documentation",
        () =>
          buildDocumentationPdfs({
            contentDir,
            siteName: content.site.name,
            products: content.products,
            drafts: compiled.unpublished
              .filter((page) => page.path.startsWith("/products/"))
              .map((page) => page.path.slice(10)),
            cache: this.#cache,
          }),
        (d) => `${d.length} PDFs`,
      ),
      stage(
        "icons",
        () => buildSiteIcons({ site: content.site, ...brand, cache: this.#cache }),
        (f) => `${f.length} icon files`,
      ),
      stage(
        "search",
        () => buildSearchIndex(content),
        (s) => `${s.documents} passages, ${Math.round(s.file.contents.length / 1024)} KB`,
      ),
    ]);
    const extra = [
      { path: "sitemap.xml", contents: Buffer.from(sitemap(pages, content)) },
      { path: "robots.txt", contents: Buffer.from(robots(content)) },
      { path: "rss.xml", contents: Buffer.from(rssFeed(content)) },
      search.file,
      blogIndexFile(content),
      ...documentation,
      ...shareCards.files,
      ...icons,
      ...variants.files,
    ];
    const { files } = siteFiles({ pages, assets: bundle.files, extra, inlineScripts: bundle.inlineScripts });

    // Links in markdown are checked against what is about to be written, so routes and anchors are exactly the built ones.
    await stage(
      "links",
      async () => {
        const served = new Set([...files.map((file) => `/${file.path}`), ...(await servedFiles(copies))]);
        const targets = pages
          .filter((page) => !page.route.special)
          .map((page) => ({ path: page.route.path, html: page.html }));
        const broken = checkContentLinks(compiled.links, {
          pages: targets,
          files: served,
          unpublished: compiled.unpublished,
        });
        if (broken.length) throw new ContentErrors(broken);
        return compiled.links.length;
      },
      (count) => `${count} links checked`,
    );

    const written = await stage(
      "write",
      async () => {
        const clean = !this.#written;
        if (clean) await rm(this.#outDir, { recursive: true, force: true });
        const imagesChanged =
          changed?.some((file) => path.resolve(file).startsWith(path.join(contentDir, "images") + path.sep)) ?? true;
        if (clean || imagesChanged) await copyFolders(this.#outDir, copies);
        const reused = new Set(routes.filter((route) => !freshByFile.has(route.outFile)).map((route) => route.outFile));
        return writeChanges(this.#outDir, files, this.#written ?? new Map(), reused);
      },
      (w) => `${w.changed} of ${files.length} files${w.removed ? `, ${w.removed} removed` : ""}`,
    );
    this.#written = written.fingerprints;
    this.#pages = next;
    await this.#cache.prune();

    return { content, pages: pages.length, rendered: fresh.length, ms: Math.round(performance.now() - started) };
  }

  /** Renders markdown through the build cache, keyed by the document and the code of build/markdown.ts. */
  async #markdownRenderer(): Promise<MarkdownRenderer> {
    const code = await this.#cache.code("build/markdown.ts");
    return async (markdown, file) => {
      const key = `${digest([code, file, markdown])}.json`;
      const entry = await this.#cache.get(
        "markdown",
        key,
        async () => Buffer.from(JSON.stringify(await renderMarkdown(markdown, file))),
        (bytes) => parseRendered(bytes) !== undefined,
      );
      return parseRendered(entry.bytes) as RenderedMarkdown;
    };
  }
}

/** A cached render, or undefined when the entry does not parse (a build cut short while writing it). */
function parseRendered(bytes: Buffer): RenderedMarkdown | undefined {
  try {
    return JSON.parse(bytes.toString("utf8")) as RenderedMarkdown;
  } catch {
    return undefined;
  }
}

import { rm } from "node:fs/promises";
import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { iconSprite } from "../src/components/icon.tsx";
import { SEARCH_INDEX_PATH } from "../src/lib/search.ts";
import { PRODUCTION, type SiteEnvironment, withEnvironment } from "../src/lib/site-environment.ts";
import { adminPage, bundleAdmin } from "./admin.ts";
import { type IslandBundle, type OutputFile, bundleIslands } from "./bundle.ts";
import { BuildCache, digest } from "./cache.ts";
import { type CmsBackend, cmsBackendFromEnv, cmsRepository } from "./cms-config.ts";
import { checkContentLinks, servedFiles } from "./check-links.ts";
import type { CompiledContent } from "./compile-content.ts";
import { buildDocumentationPdfs } from "./documentation-pdf.ts";
import { ContentErrors, formatIssue } from "./errors.ts";
import { explorerPanelsFile } from "./explorer-panels.tsx";
import { blogIndexFile, robots, rssFeed, sitemap } from "./feeds.ts";
import { projectArtworkFiles } from "./images/project-artwork.ts";
import { buildImageVariants, variantPaths } from "./images/variants.ts";
import { type KeyedPage, pageKeys, pagesToRender, writeChanges } from "./incremental.ts";
import type { ParseCache } from "./load-content.ts";
import { type MarkdownRenderer, type RenderedMarkdown, renderMarkdown } from "./markdown.ts";
import { type ContentRead, readContent, type Stage } from "./read-content.ts";
import { withNextSheets } from "./next-sheets.ts";
import { pageData, type RenderedPage, renderRoutes } from "./render.tsx";
import { collectRoutes, type Route, routeShapes } from "./routes.ts";
import { buildSearchIndex } from "./search-index.ts";
import { buildShareCards, shareCardPaths } from "./share-cards.ts";
import { buildSiteIcons, siteIconPaths } from "./site-icons.ts";
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
  /** Where /admin saves; from the environment when absent (build/cms-config.ts cmsBackendFromEnv). */
  cmsBackend?: CmsBackend;
  /** A build for a stack (the CDK app), with its githubRepo setting: /admin must then name the repository it saves to. */
  deployment?: { githubRepo: string | undefined };
  /**
   * The local server's cue to start serving (npm start): when given, the session's first build writes the pages, their
   * styles, scripts and the files they fetch, calls this, and only then makes and writes what a first visit does not
   * need (share cards, documentation PDFs, site icons, /admin). The build still ends only when everything is written,
   * and fails as before when any stage does. Without it (npm run build, cdk synth) every file is written at the end.
   */
  onFirstFiles?: () => void;
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
  /** The content editor's bundle: made (or read from the cache) once per session, like the islands. */
  #admin: ReturnType<typeof bundleAdmin> | undefined;
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

  /**
   * One stage per line, in order; each prints its own line. `changed`: paths of the content files changed since the
   * previous build of this session, when known.
   * @throws ContentErrors listing every content problem as `file:line field: message`; nothing is written then
   */
  async build(changed?: readonly string[]): Promise<BuildResult> {
    const started = performance.now();
    // A build that cannot say where /admin saves stops before any work.
    if (!this.#options.cmsBackend) cmsRepository(process.env, this.#options.deployment);
    const log = this.#options.log ?? (() => {});
    const stage = stageTimer(log);
    const rootDir = this.#rootDir;
    const contentDir = this.#contentDir;
    const pagesDir = path.join(rootDir, "src/pages");
    const publishing = { drafts: this.#options.drafts ?? false, now: this.#options.now ?? new Date() };
    const site = async () => ({
      ...(await routeShapes(pagesDir)),
      files: new Set(await servedFiles(copiedFolders(rootDir, contentDir))),
    });
    const render = await this.#markdownRenderer();

    const read = await readContent(contentDir, {
      stage,
      render,
      parsed: this.#parsed,
      publishing,
      cache: this.#cache,
      site,
    });
    const { compiled } = read;
    for (const warning of compiled.warnings) log(`[warning] ${formatIssue(warning)}`);
    const content = withEnvironment(compiled.content, this.#options.environment ?? PRODUCTION);
    // A draft's or a scheduled post's own images wait for it: not copied, not sized, not linkable.
    const copies = copiedFolders(rootDir, contentDir, compiled.withheldImages);
    // Islands, styles and inline scripts depend on src/ only: bundled once per session.
    this.#bundle ??= await stage(
      "islands",
      () => bundleIslands({ rootDir, islandsDir: path.join(rootDir, "src/islands") }),
      (b) => `${b.chunks.size} islands, ${b.files.length} files`,
    );
    const bundle = this.#bundle;
    const routes = await stage(
      "routes",
      () => collectRoutes(pagesDir, content),
      (r) => `${r.length} routes`,
    );
    const rendered = await stage(
      "render",
      () => this.#render(routes, content, bundle),
      (r) => `${r.fresh} of ${routes.length} pages`,
    );
    rendered.pages = withNextSheets(rendered.pages, bundle.stylesheet);
    const sprite = iconSprite();
    const feeds = [
      ...feedFiles(rendered.pages, content),
      explorerPanelsFile(content, bundle),
      ...projectArtworkFiles(content.portfolio),
      { path: sprite.path.slice(1), contents: Buffer.from(sprite.text) },
    ];
    // Before anything is drawn: a broken link fails the build in seconds, not after the share cards and PDFs.
    await stage(
      "links",
      () =>
        checkLinks(
          compiled,
          rendered.pages,
          [...bundle.files, ...feeds],
          plannedFiles(rendered.heads, content),
          copies,
        ),
      (count) => `${count} links checked`,
    );
    const filesWith = (extra: OutputFile[]) =>
      siteFiles({
        pages: rendered.pages,
        assets: bundle.files,
        extra: [...feeds, ...extra],
        inlineScripts: bundle.inlineScripts,
      }).files;
    const write = (files: OutputFile[], written?: readonly string[]) =>
      stage(
        "write",
        () => this.#write(files, copies, rendered.reused, written ?? changed),
        (w) => `${w.changed} of ${files.length} files${w.removed ? `, ${w.removed} removed` : ""}`,
      );
    const drawFirst = () => this.#drawFirst(stage, read, content);
    const drawLate = () => this.#drawLate(stage, read, content, rendered.heads, bundle);
    // Only a clean first write may leave the late files out: a later one would remove the previous build's.
    const early = this.#written ? undefined : this.#options.onFirstFiles;
    let drawn: OutputFile[];
    if (early) {
      const first = await drawFirst();
      await write(filesWith(first));
      early();
      // Nothing of content/ changed since the first write: the second writes only the late files.
      drawn = [...first, ...(await drawLate())];
      await write(filesWith(drawn), []);
    } else {
      drawn = (await Promise.all([drawFirst(), drawLate()])).flat();
      await write(filesWith(drawn));
    }
    await this.#cache.prune();

    return {
      content,
      pages: rendered.pages.length,
      rendered: rendered.fresh,
      ms: Math.round(performance.now() - started),
    };
  }

  /** Renders the pages whose inputs changed since the session's previous build; the others are kept as they were. */
  async #render(routes: Route[], content: SiteContent, bundle: IslandBundle) {
    const inputs = routes.map((route) => pageData(route, content));
    const keys = pageKeys(routes, content, inputs);
    const fresh = await renderRoutes(pagesToRender(routes, keys, this.#pages), content, bundle);
    const freshByFile = new Map(fresh.map((page) => [page.route.outFile, page]));
    const next = new Map<string, KeyedPage>();
    for (const route of routes) {
      const page = freshByFile.get(route.outFile) ?? this.#pages.get(route.outFile)?.page;
      if (page) next.set(route.outFile, { key: keys.get(route.outFile) ?? "", page: { ...page, route } });
    }
    this.#pages = next;
    return {
      pages: [...next.values()].map((entry) => entry.page),
      heads: routes.map((route, i) => ({ route, head: inputs[i]?.head ?? pageData(route, content).head })),
      fresh: fresh.length,
      reused: new Set(routes.filter((route) => !freshByFile.has(route.outFile)).map((route) => route.outFile)),
    };
  }

  /** What the pages fetch once shown, drawn or encoded from content side by side: photos and the search index. */
  async #drawFirst(stage: Stage, read: ContentRead, content: SiteContent): Promise<OutputFile[]> {
    const made = await Promise.all([
      stage(
        "images",
        () => buildImageVariants(this.#contentDir, read.facts, content.images ?? {}, this.#cache),
        (v) =>
          `${v.files.length} image files (${v.made} made, ${v.files.length - v.made} cached, ${Math.round(v.files.reduce((n, f) => n + f.contents.length, 0) / 1024)} KB)`,
      ).then((v) => v.files),
      stage(
        "search",
        () => buildSearchIndex(content),
        (s) => `${s.documents} passages, ${Math.round(s.file.contents.length / 1024)} KB`,
      ).then((s) => [s.file]),
    ]);
    return made.flat();
  }

  /** What a visit does not wait for, each its own stage, side by side: share cards, PDFs, icons, the editor. */
  async #drawLate(
    stage: Stage,
    read: ContentRead,
    content: SiteContent,
    heads: PageHeads,
    bundle: IslandBundle,
  ): Promise<OutputFile[]> {
    const brand = {
      logoFile: path.join(this.#rootDir, "public/favicon.svg"),
      tokensFile: path.join(this.#rootDir, "src/styles/tokens.css"),
    };
    const cache = this.#cache;
    const contentDir = this.#contentDir;
    const drafts = read.compiled.unpublished
      .filter((page) => page.path.startsWith("/products/"))
      .map((page) => page.path.slice(10));
    const made = await Promise.all([
      stage(
        "share-cards",
        () => buildShareCards({ pages: heads, site: content.site, contentDir, ...brand, cache }),
        (o) =>
          `${o.files.length} share cards (${o.rendered} drawn, ${o.cached} cached, ${Math.round(o.bytes / 1024)} KB)`,
      ).then((o) => o.files),
      stage(
        "documentation",
        () =>
          buildDocumentationPdfs({
            contentDir,
            siteName: content.site.name,
            products: content.products,
            drafts,
            cache,
          }),
        (d) => `${d.length} PDFs`,
      ),
      stage(
        "icons",
        () => buildSiteIcons({ site: content.site, ...brand, cache }),
        (f) => `${f.length} icon files`,
      ),
      stage(
        "admin",
        () => this.#adminFiles(content, bundle, heads),
        (a) => `${a.files.length} files${a.cached ? " (cached)" : ""}, saving to ${a.backend}`,
      ).then((a) => a.files),
    ]);
    return made.flat();
  }

  /** /admin: the editor's bundle and its page, whose configuration is generated from the content model. */
  async #adminFiles(content: SiteContent, bundle: IslandBundle, heads: PageHeads) {
    this.#admin ??= bundleAdmin(this.#rootDir, this.#cache);
    const admin = await this.#admin;
    const { cmsBackend, deployment } = this.#options;
    const backend = cmsBackend ?? cmsBackendFromEnv(process.env, content.site.url, deployment);
    const pages = heads.flatMap(({ route }) => (route.special ? [] : [route.path]));
    const { patterns } = await routeShapes(path.join(this.#rootDir, "src/pages"));
    const page = adminPage({ entry: admin.entry, content, stylesheet: bundle.stylesheet, backend, pages, patterns });
    const where =
      backend.kind === "github"
        ? `github.com/${backend.repo} (${backend.branch})`
        : backend.kind === "local-git"
          ? `the local checkout through npm run dev, a branch per entry merged into ${backend.branch}`
          : "the local checkout's content/ through npm run dev";
    return { files: [...admin.files, page], cached: admin.cached, backend: where };
  }

  /** Writes what changed since the session's previous build (everything, into an emptied folder, the first time). */
  async #write(files: OutputFile[], copies: CopiedFolder[], reused: ReadonlySet<string>, changed?: readonly string[]) {
    const clean = !this.#written;
    if (clean) await rm(this.#outDir, { recursive: true, force: true });
    const images = path.join(this.#contentDir, "images") + path.sep;
    const imagesChanged = changed?.some((file) => path.resolve(file).startsWith(images)) ?? true;
    if (clean || imagesChanged) await copyFolders(this.#outDir, copies);
    const written = await writeChanges(this.#outDir, files, this.#written ?? new Map(), reused);
    this.#written = written.fingerprints;
    return written;
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

/** Each heading a page's share card is drawn from, by route. */
type PageHeads = { route: Route; head: ReturnType<typeof pageData>["head"] }[];

/** Folders served as they are: public/ at the root, content/images at /images (but for images `leaveOut`). */
function copiedFolders(rootDir: string, contentDir: string, leaveOut?: ReadonlySet<string>): CopiedFolder[] {
  return [
    { from: path.join(rootDir, "public"), to: "." },
    { from: path.join(contentDir, "images"), to: "images", leaveOut },
  ];
}

/** A stage's runner for this build: runs it and logs `[name] detail in N ms`. */
function stageTimer(log: (line: string) => void): Stage {
  return async (name, run, detail) => {
    const t0 = performance.now();
    const value = await run();
    log(`[${name}] ${detail(value)} in ${Math.round(performance.now() - t0)} ms`);
    return value;
  };
}

/** The site's feeds and listings, written from content: sitemap, robots.txt, RSS and the blog's post list. */
function feedFiles(pages: RenderedPage[], content: SiteContent): OutputFile[] {
  return [
    { path: "sitemap.xml", contents: Buffer.from(sitemap(pages, content)) },
    { path: "robots.txt", contents: Buffer.from(robots(content)) },
    { path: "rss.xml", contents: Buffer.from(rssFeed(content)) },
    blogIndexFile(content),
  ];
}

/** Served paths of the files the drawing stages will make, known before any is drawn. */
function plannedFiles(heads: PageHeads, content: SiteContent): string[] {
  return [
    ...variantPaths(content.images ?? {}),
    ...shareCardPaths(heads),
    ...content.products.map((product) => product.documentationUrl),
    ...siteIconPaths(),
    SEARCH_INDEX_PATH,
  ];
}

/**
 * Links in markdown, checked against the pages as rendered and every file about to be served, so routes and
 * anchors are exactly the built ones.
 * @throws ContentErrors naming each broken link's file and line
 */
async function checkLinks(
  compiled: CompiledContent,
  pages: RenderedPage[],
  written: OutputFile[],
  planned: string[],
  copies: CopiedFolder[],
): Promise<number> {
  const files = new Set([...written.map((file) => `/${file.path}`), ...planned, ...(await servedFiles(copies))]);
  const targets = pages
    .filter((page) => !page.route.special)
    .map((page) => ({ path: page.route.path, html: page.html }));
  const broken = checkContentLinks(compiled.links, { pages: targets, files, unpublished: compiled.unpublished });
  if (broken.length) throw new ContentErrors(broken);
  return compiled.links.length;
}

/** A cached render, or undefined when the entry does not parse (a build cut short while writing it). */
function parseRendered(bytes: Buffer): RenderedMarkdown | undefined {
  try {
    return JSON.parse(bytes.toString("utf8")) as RenderedMarkdown;
  } catch {
    return undefined;
  }
}

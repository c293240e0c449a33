import { rm } from "node:fs/promises";
import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { PRODUCTION, type SiteEnvironment, withEnvironment } from "../src/lib/site-environment.ts";
import { type IslandBundle, bundleIslands } from "./bundle.ts";
import { BuildCache } from "./cache.ts";
import { checkSiteLinks, servedFiles } from "./check-links.ts";
import { type CompiledContent, compileContent } from "./compile-content.ts";
import { formatIssue } from "./errors.ts";
import { type ImageFactsMap, readImageFacts } from "./images/facts.ts";
import { type KeyedPage, pageKeys, writeChanges } from "./incremental.ts";
import { loadContent, type RawContent } from "./load-content.ts";
import { renderBodies } from "./markdown-bodies.ts";
import { withNextSheets } from "./next-sheets.ts";
import type { BuiltSite, Plugin } from "./plugin.ts";
import type { AdminOptions } from "./plugins/admin/admin.ts";
import { sitePlugins } from "./plugins/index.ts";
import { cachedRenderer, countFiles, validate } from "./read-content.ts";
import { pageData, renderPage } from "./render.tsx";
import { collectRoutes, type Route, routeShapes } from "./routes.ts";
import type { OutputFile } from "./styles.ts";
import { type CopiedFolder, copyFolders, siteFiles } from "./write.ts";

/** What to build and where; where /admin saves (build/plugins/admin/admin.ts) among them. */
export interface BuildOptions extends AdminOptions {
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

/** Runs one named stage and logs `[name] detail in N ms`. */
type Stage = <T>(name: string, run: () => Promise<T> | T, detail: (value: T) => string) => Promise<T>;

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
  /** Folders served as they are: public/ at the root, content/images at /images. */
  readonly #copies: CopiedFolder[];
  readonly #stage: Stage;
  #plugins: Plugin[] | undefined;
  #bundle: IslandBundle | undefined;
  /** What the previous build of this session rendered and wrote; absent before the first. */
  #pages = new Map<string, KeyedPage>();
  #written: Map<string, string> | undefined;

  constructor(options: BuildOptions) {
    this.#options = options;
    this.#rootDir = options.rootDir;
    this.#contentDir = options.contentDir ?? path.join(options.rootDir, "content");
    this.#outDir = options.outDir ?? path.join(options.rootDir, "dist");
    const { cacheDir = path.join(options.rootDir, ".cache") } = options;
    this.#cache = new BuildCache({ rootDir: options.rootDir, dir: cacheDir === false ? undefined : cacheDir });
    this.#copies = [
      { from: path.join(this.#rootDir, "public"), to: "." },
      { from: path.join(this.#contentDir, "images"), to: "images" },
    ];
    const log = options.log ?? (() => {});
    this.#stage = async (name, run, detail) => {
      const t0 = performance.now();
      const value = await run();
      log(`[${name}] ${detail(value)} in ${Math.round(performance.now() - t0)} ms`);
      return value;
    };
  }

  /**
   * One stage per line, in order; each prints its own line. `changed`: paths of the content files changed since the
   * previous build of this session, when known.
   * @throws ContentErrors listing every content problem as `file:line field: message`; nothing is written then
   */
  async build(changed?: readonly string[]): Promise<BuildResult> {
    const started = performance.now();
    const [stage, rootDir, contentDir, cache] = [this.#stage, this.#rootDir, this.#contentDir, this.#cache];
    const src = (folder: string) => path.join(rootDir, "src", folder);
    const publishing = { drafts: this.#options.drafts ?? false, now: this.#options.now ?? new Date() };
    this.#plugins ??= sitePlugins(this.#options);
    const loaded = await stage("load", () => loadContent(contentDir), say.files);
    // Before validation: the render finds the images validation checks and the links the link check reads.
    const bodies = await stage("markdown", () => renderBodies(loaded, cachedRenderer(cache)), say.documents);
    // Each photo's size and format, from its header: validation checks them, pages declare them.
    const facts = await stage("image facts", () => readImageFacts(contentDir, loaded.images, cache), say.photos);
    const valid = await stage("validate", () => validate(bodies, facts, publishing, () => this.#shape()), say.valid);
    const compiled = await stage("compile", () => compileContent(valid, publishing), say.compiled);
    const content = this.#withEnvironment(compiled);
    // Islands, styles and inline scripts depend on src/ only: bundled once per session.
    this.#bundle ??= await stage("islands", () => bundleIslands({ rootDir, islandsDir: src("islands") }), say.islands);
    const routes = await stage("routes", () => collectRoutes(src("pages"), content), say.routes);
    const rendered = await stage("render", () => this.#render(routes, content), say.rendered);
    const site: BuiltSite = { rootDir, contentDir, content, compiled, facts, bundle: this.#bundle, ...rendered };
    // A draft's or a scheduled post's own images wait for it: not copied, not sized, not linkable.
    const copies = this.#copies.map((copy) => ({ ...copy, leaveOut: compiled.withheldImages }));
    // Before anything is drawn: a broken link fails the build in seconds, not after the share cards and PDFs.
    await stage("links", () => this.#checkLinks(site, copies), say.links);
    // Only a clean first write may leave the late files out: a later one would remove the previous build's.
    const early = this.#written ? undefined : this.#options.onFirstFiles;
    const [first, late] = [this.#make("first", site), early ? undefined : this.#make("late", site)];
    if (early) await this.#write(site, rendered.reused, await first, copies, changed).then(early);
    // After an early write nothing of content/ changed: the second writes only the late files. Awaited together, so a
    // failing first plugin (a photo a git checkout just took away in npm run dev) never leaves the late ones unhandled.
    const made = (await Promise.all([first, late ?? this.#make("late", site)])).flat();
    await this.#write(site, rendered.reused, made, copies, early ? [] : changed);
    await cache.prune();
    return { content, pages: site.pages.length, rendered: rendered.fresh, ms: Math.round(performance.now() - started) };
  }

  /**
   * Links in markdown, checked against the pages as rendered and every other path the build will serve: the bundle,
   * the plugins' files (known before they are made) and the copied folders.
   */
  async #checkLinks(site: BuiltSite, copies: CopiedFolder[]): Promise<number> {
    const made = site.bundle.files.map((file) => `/${file.path}`);
    const planned = (this.#plugins ?? []).flatMap((p) => p.paths(p.needs(site)));
    const files = new Set([...made, ...planned, ...(await servedFiles(copies))]);
    return checkSiteLinks(site.compiled, site.pages, files);
  }

  /** What the site is known to serve before content is valid: the link check of invalid content judges by it. */
  async #shape() {
    const routes = await routeShapes(path.join(this.#rootDir, "src/pages"));
    return { ...routes, files: new Set(await servedFiles(this.#copies)) };
  }

  /** The content for the deployment the pages are for, its warnings logged. */
  #withEnvironment(compiled: CompiledContent): SiteContent {
    for (const warning of compiled.warnings) this.#options.log?.(`[warning] ${formatIssue(warning)}`);
    return withEnvironment(compiled.content, this.#options.environment ?? PRODUCTION);
  }

  /** The plugins' files of one turn ("first" or "late"), each plugin its own stage, side by side. */
  async #make(when: Plugin["when"], site: BuiltSite): Promise<OutputFile[]> {
    const made = (this.#plugins ?? [])
      .filter((p) => p.when === when)
      .map((p) =>
        this.#stage(
          p.name,
          () => p.make(p.needs(site), this.#cache),
          (m) => m.detail,
        ),
      );
    return (await Promise.all(made)).flatMap((m) => m.files);
  }

  /** Renders the pages whose inputs changed since the session's previous build; the others are kept as they were. */
  async #render(routes: Route[], content: SiteContent) {
    const bundle = this.#bundle as IslandBundle;
    const inputs = routes.map((route) => pageData(route, content));
    const keys = pageKeys(routes, content, inputs);
    const changed = routes.filter((route) => this.#pages.get(route.outFile)?.key !== keys.get(route.outFile));
    const fresh = changed.map((route) => ({ route, ...renderPage(route, content, bundle) }));
    const freshByFile = new Map(fresh.map((page) => [page.route.outFile, page]));
    const next = new Map<string, KeyedPage>();
    for (const route of routes) {
      const page = freshByFile.get(route.outFile) ?? this.#pages.get(route.outFile)?.page;
      if (page) next.set(route.outFile, { key: keys.get(route.outFile) ?? "", page: { ...page, route } });
    }
    this.#pages = next;
    return {
      pages: withNextSheets(
        [...next.values()].map((entry) => entry.page),
        bundle.stylesheet,
      ),
      heads: routes.map((route, i) => ({ route, head: (inputs[i] as (typeof inputs)[number]).head })),
      fresh: fresh.length,
      reused: new Set(routes.filter((route) => !freshByFile.has(route.outFile)).map((route) => route.outFile)),
    };
  }

  /** Writes what changed since the session's previous build (everything, into an emptied folder, the first time). */
  #write(
    site: BuiltSite,
    reused: ReadonlySet<string>,
    extra: OutputFile[],
    copies: CopiedFolder[],
    changed?: readonly string[],
  ) {
    const { pages, bundle } = site;
    const files = siteFiles(pages, [...bundle.files, ...extra], bundle.inlineScripts);
    return this.#stage(
      "write",
      async () => {
        const clean = !this.#written;
        if (clean) await rm(this.#outDir, { recursive: true, force: true });
        const images = path.join(this.#contentDir, "images") + path.sep;
        const imagesChanged = changed?.some((file) => path.resolve(file).startsWith(images)) ?? true;
        if (clean || imagesChanged) await copyFolders(this.#outDir, copies);
        const written = await writeChanges(this.#outDir, files, this.#written ?? new Map(), reused);
        this.#written = written.fingerprints;
        return { ...written, files: files.length };
      },
      say.written,
    );
  }
}

/** Each stage's detail in its log line. */
const say = {
  files: (raw: RawContent) => `${countFiles(raw)} files`,
  documents: (raw: RawContent) => `${raw.posts.length + raw.pages.length} documents`,
  photos: (facts: ImageFactsMap) => `${facts.size} photos`,
  valid: () => "content valid",
  compiled: ({ content }: CompiledContent) => `${content.posts.length + content.pages.length} documents`,
  islands: (bundle: IslandBundle) => `${bundle.chunks.size} islands, ${bundle.files.length} files`,
  routes: (routes: readonly Route[]) => `${routes.length} routes`,
  rendered: ({ fresh, pages }: { fresh: number; pages: readonly unknown[] }) => `${fresh} of ${pages.length} pages`,
  links: (count: number) => `${count} links checked`,
  written: (w: { changed: number; removed: number; files: number }) =>
    `${w.changed} of ${w.files} files${w.removed ? `, ${w.removed} removed` : ""}`,
};

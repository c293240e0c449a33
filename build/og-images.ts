import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PageHead } from "../src/lib/page.ts";
import { OG_IMAGE, ogImagePath } from "../src/lib/og-image.ts";
import type { Site } from "../src/schemas/site.ts";
import { BuildError } from "./errors.ts";
import type { OutputFile } from "./islands.ts";
import { type CardRenderer, type CardToDraw, createCardRenderer } from "./images/draw-card.ts";
import { pngSize } from "./images/png.ts";
import type { Route } from "./routes.ts";
import { type BrandColors, readBrandColors } from "./tokens.ts";

const require = createRequire(import.meta.url);
/** Cached cards nobody asked for in this long are deleted (a renamed page or an edited title leaves one behind). */
const CACHE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export interface OgImagesInput {
  pages: readonly { route: Pick<Route, "path">; head: Pick<PageHead, "title" | "description" | "image" | "article" | "shareCardOf"> }[];
  site: Pick<Site, "name" | "url">;
  /** Page artwork paths (/images/…) are read from <contentDir>/images. */
  contentDir: string;
  /** The site's logo, an SVG (public/favicon.svg). */
  logoFile: string;
  /** src/styles/tokens.css, for the brand colours. */
  tokensFile: string;
  /** Folder of rendered cards by hash of their inputs (git-ignored); without it every card is rendered. */
  cacheDir?: string;
  /** Cards by the same hash kept in memory between the builds of one session (npm run dev); filled as cards are made or read. */
  memory?: Map<string, Buffer>;
}

export interface OgImagesResult {
  files: OutputFile[];
  /** Cards rendered in this build, and cards taken from the cache. */
  rendered: number;
  cached: number;
  bytes: number;
}

/** What one card shows and where it goes; its hash (with the renderer's versions) names the cached PNG. */
interface CardSpec extends CardToDraw {
  out: string;
}

/**
 * One 1200×630 PNG share card per page, at ogImagePath(page): the page's title and description on the brand's ink, the
 * site's logo and host, and the page's own image (product artwork, article picture) when it has one. Offline and
 * deterministic (bundled fonts, WebAssembly renderer); a card whose inputs have not changed comes from the cache.
 * @throws BuildError naming the page when its artwork cannot be read or drawn, or when two pages would share a file
 */
export async function buildOgImages(input: OgImagesInput): Promise<OgImagesResult> {
  const colors = await readBrandColors(input.tokensFile);
  const specs = cardSpecs(input.pages);
  const rendererKey = await rendererVersion(colors, input.site, await readFile(input.logoFile));
  let renderer: Promise<CardRenderer> | undefined;
  const render = (spec: CardSpec, artwork: Buffer | undefined) => {
    // Fonts and the logo load only when some card is not in the cache.
    renderer ??= createCardRenderer({ site: input.site, logoFile: input.logoFile, colors });
    return renderer.then((r) => r(spec, artwork));
  };

  const files: OutputFile[] = [];
  let rendered = 0;
  const used = new Set<string>();
  let fromMemoryOnly = true;
  // One card at a time: satori and resvg are CPU-bound on one thread, so parallel calls would only interleave.
  for (const spec of specs) {
    const artworkBytes = spec.artwork ? await readArtwork(input.contentDir, { ...spec, artwork: spec.artwork }) : undefined;
    const key = hash([rendererKey, JSON.stringify({ ...spec, out: undefined, page: undefined }), artworkBytes ? hash([artworkBytes]) : ""]);
    const cached = input.cacheDir ? path.join(input.cacheDir, `${key}.png`) : undefined;
    used.add(key);
    let png = input.memory?.get(key);
    if (!png) {
      fromMemoryOnly = false;
      png = cached ? await readCached(cached) : undefined;
    }
    if (!png) {
      png = Buffer.from(await render(spec, artworkBytes));
      rendered += 1;
      if (cached) await writeCached(cached, png);
    }
    input.memory?.set(key, png);
    const size = pngSize(png);
    if (size?.width !== OG_IMAGE.width || size.height !== OG_IMAGE.height) {
      throw new BuildError(`The share card of ${spec.page} is ${size ? `${size.width}×${size.height}` : "not a PNG"}, expected ${OG_IMAGE.width}×${OG_IMAGE.height}`);
    }
    files.push({ path: spec.out, contents: png });
  }
  for (const key of input.memory?.keys() ?? []) if (!used.has(key)) input.memory?.delete(key);
  // A dev build that found every card in memory touched nothing on disk: nothing there can have aged since.
  if (input.cacheDir && !fromMemoryOnly) await pruneCache(input.cacheDir);
  return { files, rendered, cached: specs.length - rendered, bytes: files.reduce((n, f) => n + f.contents.length, 0) };
}

/** What each card shows, one per file: articles with one cover share its card; two pages may not claim one file otherwise. */
function cardSpecs(pages: OgImagesInput["pages"]): CardSpec[] {
  const byFile = new Map<string, CardSpec>();
  for (const { route, head } of pages) {
    if (head.shareCardOf) continue; // that page draws the card
    const out = ogImagePath(route.path, head).slice(1);
    const kind = head.article && head.image ? "cover" : "page";
    const other = byFile.get(out);
    if (other?.kind === "cover" && kind === "cover" && other.artwork === head.image) continue;
    if (other) throw new BuildError(`${other.page} and ${route.path} would both write the share card ${out}; give the pages distinct paths`);
    const spec: CardSpec = { out, page: route.path, kind, title: head.title, description: head.description, label: head.article?.section, artwork: head.image };
    // A cover card shows the cover alone: its key must not change with the first article that happens to use it.
    byFile.set(out, kind === "cover" ? { ...spec, title: "", description: "", label: undefined } : spec);
  }
  return [...byFile.values()];
}

function readArtwork(contentDir: string, spec: CardSpec & { artwork: string }): Promise<Buffer> {
  return readFile(path.join(contentDir, spec.artwork)).catch((cause: unknown) => {
    throw new BuildError(`Having trouble reading ${spec.artwork}, the image of ${spec.page}, for its share card`, { cause });
  });
}

function hash(parts: (string | Uint8Array)[]): string {
  const h = createHash("sha256");
  for (const part of parts) h.update(part).update("\0");
  return h.digest("hex").slice(0, 32);
}

/** Everything besides the page that changes a card's pixels: the card's design, fonts, renderer versions, colours, logo. */
async function rendererVersion(colors: BrandColors, site: OgImagesInput["site"], logo: Buffer): Promise<string> {
  const version = async (file: string) => (JSON.parse(await readFile(file, "utf8")) as { version: string }).version;
  const sources = await Promise.all(
    ["og-images.ts", "images/draw-card.ts", "images/fonts.ts", "images/share-card.tsx", "images/raster.ts", "images/png.ts"].map((file) => readFile(new URL(`./${file}`, import.meta.url))),
  );
  const packages = await Promise.all([
    version(require.resolve("satori/package.json")),
    version(path.join(path.dirname(require.resolve("@resvg/resvg-wasm/index_bg.wasm")), "package.json")),
    version(path.join(path.dirname(require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff")), "..", "package.json")),
  ]);
  return hash([...sources, packages.join(","), JSON.stringify(colors), site.name, site.url, logo]);
}

/** A cached card, marked as used today; undefined when absent or not a whole card (then it is drawn again). */
async function readCached(file: string): Promise<Buffer | undefined> {
  const png = await readFile(file).catch(() => undefined);
  const size = png && pngSize(png);
  if (!png || size?.width !== OG_IMAGE.width || size.height !== OG_IMAGE.height || !png.subarray(-8, -4).equals(Buffer.from("IEND"))) {
    return undefined;
  }
  const now = new Date();
  await utimes(file, now, now);
  return png;
}

/** Written under a temporary name and renamed, so a build running beside this one never reads half a file. */
async function writeCached(file: string, png: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, png);
  await rename(temporary, file);
}

async function pruneCache(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > CACHE_MAX_AGE_MS) await rm(file, { force: true });
  }
}

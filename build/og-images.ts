import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import satori from "satori";
import type { PageHead } from "../src/lib/page.ts";
import { OG_IMAGE, ogImagePath } from "../src/lib/og-image.ts";
import type { Site } from "../src/schemas/site.ts";
import { BuildError } from "./errors.ts";
import type { OutputFile } from "./islands.ts";
import { ARTWORK_RADIUS, ARTWORK_WIDTH, type CardImage, ShareCard, type ShareCardProps } from "./images/share-card.tsx";
import { dropBoxClips } from "./images/drop-box-clips.ts";
import { flattenPatterns } from "./images/flatten-patterns.ts";
import { foldOpacity } from "./images/fold-opacity.ts";
import { loadBrandFonts } from "./images/fonts.ts";
import { clipTo, over, type Pixels } from "./images/pixels.ts";
import { encodePng, pngSize } from "./images/png.ts";
import { type RasterOptions, svgToPixels, svgToPng } from "./images/raster.ts";
import type { Route } from "./routes.ts";
import { type BrandColors, readBrandColors } from "./tokens.ts";

const require = createRequire(import.meta.url);
const LOGO_SIZE = 56;
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

/** What one card shows; its hash (with the renderer's versions) names the cached PNG. */
interface CardSpec {
  out: string;
  page: string;
  /** "page": title and description on the brand card; "cover": an article's cover image, filling the card. */
  kind: "page" | "cover";
  title: string;
  description: string;
  label?: string;
  artwork?: string;
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
  let renderer: Promise<Renderer> | undefined;
  const render = (spec: CardSpec, artwork: Buffer | undefined) => {
    renderer ??= createRenderer(input, colors);
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

type Renderer = (spec: CardSpec, artwork: Buffer | undefined) => Promise<Uint8Array>;

/** Loads fonts and the logo once, only when some card is not in the cache. */
async function createRenderer(input: OgImagesInput, colors: BrandColors): Promise<Renderer> {
  const fonts = await loadBrandFonts();
  const at = (width: number) => ({ width, fonts: fonts.sfnt, family: fonts.family });
  const logo: CardImage = { src: dataUrl(await svgToPng(await readFile(input.logoFile), at(LOGO_SIZE * 2)), "image/png"), width: LOGO_SIZE, height: LOGO_SIZE };
  const host = new URL(input.site.url).host;
  const draw = async (card: ShareCardProps, pixelSize?: Size) => {
    const svg = dropBoxClips(flattenPatterns(await satori(ShareCard(card), { width: OG_IMAGE.width, height: OG_IMAGE.height, fonts: fonts.faces })));
    return svgToPixels(svg, { ...at(OG_IMAGE.width), images: pixelSize && atPixelSize(svg, pixelSize) ? "nearest" : "smooth" });
  };
  // The back layer of cards with and of cards without artwork, each drawn once (see ShareCardProps.layer).
  const backs = new Map<boolean, Promise<Pixels>>();
  return async (spec, bytes) => {
    try {
      if (spec.kind === "cover" && spec.artwork && bytes) return encodePng(await coverCard(bytes, spec.artwork, at));
      const { image: artwork, pixelSize } = spec.artwork && bytes ? await artworkImage(bytes, spec.artwork, at) : {};
      const card: ShareCardProps = { title: spec.title, description: spec.description, siteName: input.site.name, host, label: spec.label, logo, artwork, colors, fontFamily: fonts.family };
      const narrow = artwork !== undefined;
      const back = backs.get(narrow) ?? draw({ ...card, layer: "back" });
      backs.set(narrow, back);
      return encodePng(over(await back, await draw({ ...card, layer: "front" }, pixelSize)));
    } catch (cause) {
      if (cause instanceof BuildError) throw cause;
      throw new BuildError(`Having trouble drawing the share card of ${spec.page}`, { cause });
    }
  };
}

type Raster = (width: number) => RasterOptions;

interface Size {
  width: number;
  height: number;
}

/** Whether every bitmap of the SVG (the front layer holds only the artwork) is placed on whole pixels at this size. */
function atPixelSize(svg: string, size: Size): boolean {
  const images = [...svg.matchAll(/<image\b[^>]*>/g)].map(([tag]) => ["x", "y", "width", "height"].map((name) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1]));
  return images.every(([x = "", y = "", width, height]) => /^-?\d+$/.test(x) && /^-?\d+$/.test(y) && width === String(size.width) && height === String(size.height));
}

/**
 * The artwork at panel width: SVG is rasterized with the brand fonts (satori would drop its text), PNG and JPEG are
 * embedded as they are. `pixelSize` is the embedded bitmap's own size, when it was made for the panel.
 */
async function artworkImage(bytes: Buffer, name: string, at: Raster): Promise<{ image: CardImage; pixelSize?: Size }> {
  const ext = path.extname(name).toLowerCase();
  const type = ext === ".svg" ? "image/png" : ext === ".png" ? "image/png" : ext === ".jpg" || ext === ".jpeg" ? "image/jpeg" : undefined;
  if (!type) throw new BuildError(`${name} cannot be drawn on a share card: use an SVG, PNG or JPEG image`);
  const pixels = ext === ".svg" ? Buffer.from(encodePng(await roundedArtwork(bytes, at))) : bytes;
  const size = type === "image/png" ? pngSize(pixels) : jpegSize(pixels);
  if (!size) throw new BuildError(`${name} cannot be read as ${type}`);
  const image = { src: dataUrl(pixels, type), width: ARTWORK_WIDTH, height: Math.round((ARTWORK_WIDTH * size.height) / size.width), rounded: ext === ".svg" };
  return { image, pixelSize: ext === ".svg" ? size : undefined };
}

/**
 * An SVG artwork at panel width with its corners cut, as its frame on the card would clip it: on this small image the
 * clip costs a fraction of what it costs on the card (where resvg clips through two card-size layers).
 */
async function roundedArtwork(svg: Buffer, at: Raster): Promise<Pixels> {
  const pixels = await svgToPixels(foldOpacity(svg.toString("utf8")), at(ARTWORK_WIDTH));
  const { width, height } = pixels;
  const r = ARTWORK_RADIUS;
  // The frame's shape drawn by the same rasterizer, so its soft corners are the ones the card's clip path would give.
  const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M${r},0 h${width - 2 * r} a${r},${r} 0 0 1 ${r},${r} v${height - 2 * r} a${r},${r} 0 0 1 -${r},${r} h-${width - 2 * r} a${r},${r} 0 0 1 -${r},-${r} v-${height - 2 * r} a${r},${r} 0 0 1 ${r},-${r}"/></svg>`;
  return clipTo(pixels, await svgToPixels(frame, at(width)));
}

/**
 * An article's cover as its share card: the image scaled to cover 1200×630 and centred (covers are drawn at that size,
 * so usually nothing is cut). An SVG of the card's shape is drawn as it is; any other image is placed on the card.
 */
async function coverCard(bytes: Buffer, name: string, at: Raster): Promise<Pixels> {
  const ext = path.extname(name).toLowerCase();
  const type = ext === ".svg" ? "image/svg+xml" : ext === ".png" ? "image/png" : ext === ".jpg" || ext === ".jpeg" ? "image/jpeg" : undefined;
  if (!type) throw new BuildError(`${name} cannot be drawn on a share card: use an SVG, PNG or JPEG image`);
  const { width, height } = OG_IMAGE;
  const image = type === "image/svg+xml" ? Buffer.from(foldOpacity(bytes.toString("utf8"))) : bytes;
  // Drawn straight, a cover skips the nested image's own layer: a third of its raster time.
  const direct = type === "image/svg+xml" ? await svgToPixels(image, { ...at(width), height }) : undefined;
  if (direct) return direct;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><image href="${dataUrl(image, type)}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/></svg>`;
  return svgToPixels(svg, at(width));
}

/** Width and height from a JPEG's first start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

function hash(parts: (string | Uint8Array)[]): string {
  const h = createHash("sha256");
  for (const part of parts) h.update(part).update("\0");
  return h.digest("hex").slice(0, 32);
}

/** Everything besides the page that changes a card's pixels: the card's design, fonts, renderer versions, colours, logo. */
async function rendererVersion(colors: BrandColors, site: OgImagesInput["site"], logo: Buffer): Promise<string> {
  const version = async (file: string) => (JSON.parse(await readFile(file, "utf8")) as { version: string }).version;
  const sources = await Promise.all(
    ["og-images.ts", "images/share-card.tsx", "images/raster.ts", "images/flatten-patterns.ts", "images/drop-box-clips.ts", "images/fold-opacity.ts", "images/pixels.ts", "images/png.ts"].map((file) => readFile(new URL(`./${file}`, import.meta.url))),
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

import { readFile } from "node:fs/promises";
import path from "node:path";
import satori from "satori";
import { OG_IMAGE } from "../../src/lib/og-image.ts";
import type { Site } from "../../src/schemas/site.ts";
import { BuildError } from "../errors.ts";
import type { BrandColors } from "../tokens.ts";
import { dropBoxClips } from "./drop-box-clips.ts";
import { flattenPatterns } from "./flatten-patterns.ts";
import { foldOpacity } from "./fold-opacity.ts";
import { loadBrandFonts } from "./fonts.ts";
import { clipTo, over, type Pixels } from "./pixels.ts";
import { encodePng, pngSize } from "./png.ts";
import { type RasterOptions, svgToPixels, svgToPng } from "./raster.ts";
import { ARTWORK_RADIUS, ARTWORK_WIDTH, type CardImage, ShareCard, type ShareCardProps } from "./share-card.tsx";

const LOGO_SIZE = 56;

/** What one card shows. */
export interface CardToDraw {
  /** The page, named in errors. */
  page: string;
  /** "page": title and description on the brand card; "cover": an article's cover image, filling the card. */
  kind: "page" | "cover";
  title: string;
  description: string;
  label?: string;
  /** The page's own image (/images/…), drawn from the bytes passed with the card. */
  artwork?: string;
}

/** Draws one card as PNG bytes. */
export type CardRenderer = (spec: CardToDraw, artwork: Buffer | undefined) => Promise<Uint8Array>;

export interface Brand {
  site: Pick<Site, "name" | "url">;
  /** The site's logo, an SVG. */
  logoFile: string;
  colors: BrandColors;
}

/**
 * Loads fonts and the logo once. Page cards are drawn in two layers (ShareCardProps.layer): the back, shared by every
 * card of its shape, once per renderer; the page's own front over it, then encoded once.
 */
export async function createCardRenderer({ site, logoFile, colors }: Brand): Promise<CardRenderer> {
  const fonts = await loadBrandFonts();
  const at = (width: number) => ({ width, fonts: fonts.sfnt, family: fonts.family });
  const logo: CardImage = { src: dataUrl(await svgToPng(await readFile(logoFile), at(LOGO_SIZE * 2)), "image/png"), width: LOGO_SIZE, height: LOGO_SIZE };
  const host = new URL(site.url).host;
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
      const card: ShareCardProps = { title: spec.title, description: spec.description, siteName: site.name, host, label: spec.label, logo, artwork, colors, fontFamily: fonts.family };
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
  const r = Math.min(ARTWORK_RADIUS, width / 2, height / 2);
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

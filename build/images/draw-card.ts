import { readFile } from "node:fs/promises";
import path from "node:path";
import satori from "satori";
import { OG_IMAGE } from "../../src/lib/og-image.ts";
import type { Site } from "../../src/schemas/site.ts";
import { BuildError } from "../errors.ts";
import type { BrandColors } from "../tokens.ts";
import { loadBrandFonts } from "./fonts.ts";
import { pngSize } from "./png.ts";
import { type RasterOptions, svgSize, svgToPng } from "./raster.ts";
import {
  ARTWORK_WIDTH,
  cardArtwork,
  cardGround,
  type CardImage,
  ShareCard,
  type ShareCardProps,
} from "./share-card.tsx";

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

/** Loads fonts and the logo once; each card is laid out by satori and drawn by resvg. */
export async function createCardRenderer({ site, logoFile, colors }: Brand): Promise<CardRenderer> {
  const fonts = await loadBrandFonts();
  const at = (width: number) => ({ width, fonts: fonts.sfnt, family: fonts.family });
  const logo: CardImage = {
    src: dataUrl(await svgToPng(await readFile(logoFile), at(LOGO_SIZE * 2)), "image/png"),
    width: LOGO_SIZE,
    height: LOGO_SIZE,
  };
  const host = new URL(site.url).host;
  return async (spec, bytes) => {
    try {
      if (spec.kind === "cover" && spec.artwork && bytes) return await coverCard(bytes, spec.artwork, at);
      const artwork = spec.artwork && bytes ? await artworkImage(bytes, spec.artwork) : undefined;
      const card: ShareCardProps = {
        title: spec.title,
        description: spec.description,
        siteName: site.name,
        host,
        label: spec.label,
        logo,
        artwork,
        colors,
        fontFamily: fonts.family,
      };
      const layout = await satori(ShareCard(card), {
        width: OG_IMAGE.width,
        height: OG_IMAGE.height,
        fonts: fonts.faces,
      });
      // The ground goes first inside satori's <svg>, beneath everything satori drew.
      // An SVG artwork goes last, over the place satori left for it.
      const svg = layout
        .replace(/^<svg[^>]*>/, (open) => open + cardGround(colors, artwork !== undefined))
        .replace(
          /<\/svg>$/,
          (close) => (artwork?.svg ? cardArtwork(artwork.svg.text, artwork.svg.size, artwork.height) : "") + close,
        );
      return await svgToPng(svg, at(OG_IMAGE.width));
    } catch (cause) {
      if (cause instanceof BuildError) throw cause;
      throw new BuildError(`Having trouble drawing the share card of ${spec.page}`, { cause });
    }
  };
}

type Raster = (width: number) => RasterOptions;

/**
 * The artwork at panel width: PNG and JPEG are embedded as they are; an SVG is left out of satori's layout and inlined
 * over it (cardArtwork), so resvg draws it once, in place, with the brand fonts.
 */
async function artworkImage(
  bytes: Buffer,
  name: string,
): Promise<CardImage & { svg?: { text: string; size: { width: number; height: number } } }> {
  const ext = path.extname(name).toLowerCase();
  const type =
    ext === ".svg"
      ? "image/svg+xml"
      : ext === ".png"
        ? "image/png"
        : ext === ".jpg" || ext === ".jpeg"
          ? "image/jpeg"
          : undefined;
  if (!type) throw new BuildError(`${name} cannot be drawn on a share card: use an SVG, PNG or JPEG image`);
  const size =
    type === "image/svg+xml" ? await svgSize(bytes) : type === "image/png" ? pngSize(bytes) : jpegSize(bytes);
  if (!size) throw new BuildError(`${name} cannot be read as ${type}`);
  const height = Math.round((ARTWORK_WIDTH * size.height) / size.width);
  // Only the root element: an XML declaration or doctype may not stand inside the card's SVG.
  if (type === "image/svg+xml")
    return { width: ARTWORK_WIDTH, height, svg: { text: bytes.toString("utf8").slice(bytes.indexOf("<svg")), size } };
  return { src: dataUrl(bytes, type), width: ARTWORK_WIDTH, height };
}

/**
 * An article's cover as its share card: the image scaled to cover 1200×630 and centred (covers are drawn at that size,
 * so usually nothing is cut). An SVG cover of the card's shape is rendered as it is: wrapped in an <image>, resvg would
 * draw it to a picture of its own first and then paint that picture (about twice the work), and it draws no text in an
 * SVG loaded as an image.
 */
async function coverCard(bytes: Buffer, name: string, at: Raster): Promise<Uint8Array> {
  const ext = path.extname(name).toLowerCase();
  const type =
    ext === ".svg"
      ? "image/svg+xml"
      : ext === ".png"
        ? "image/png"
        : ext === ".jpg" || ext === ".jpeg"
          ? "image/jpeg"
          : undefined;
  if (!type) throw new BuildError(`${name} cannot be drawn on a share card: use an SVG, PNG or JPEG image`);
  const { width, height } = OG_IMAGE;
  const size = type === "image/svg+xml" ? await svgSize(bytes) : undefined;
  if (size && Math.round((width * size.height) / size.width) === height) return svgToPng(bytes, at(width));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><image href="${dataUrl(bytes, type)}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/></svg>`;
  return svgToPng(svg, at(width));
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

import { readFile } from "node:fs/promises";
import satori from "satori";
import sharp, { type Sharp } from "sharp";
import { isRasterPath } from "../../../src/lib/images.ts";
import { SHARE_CARD } from "../../../src/lib/share-card.ts";
import type { Site } from "../../../src/schemas/site.ts";
import { BuildError, rethrowAs } from "../../errors.ts";
import type { BrandColors } from "../drawing/brand.ts";
import { loadBrandFonts } from "../drawing/fonts.ts";
import { pngSize } from "../drawing/png.ts";
import { imageSize, type RasterOptions, svgToPng } from "../drawing/raster.ts";
import { ARTWORK_WIDTH, cardGround, type CardImage, ShareCard, type ShareCardProps } from "./share-card.tsx";

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
  /** The file's format: "jpeg" for a card showing a photo (shareCardType). */
  format: "png" | "jpeg";
}

/** Draws one card as the bytes of its file. */
export type CardRenderer = (spec: CardToDraw, artwork: Buffer | undefined) => Promise<Uint8Array>;

export interface Brand {
  site: Pick<Site, "name" | "url">;
  /** The site's logo, an SVG. */
  logoFile: string;
  colors: BrandColors;
}

/** Loads fonts and the logo once; each card is laid out by satori and drawn by svgToPng. */
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
      const drawn =
        spec.kind === "cover" && spec.artwork && bytes
          ? await coverCard(bytes, spec.artwork, at)
          : sharp(
              await pageCard(spec, bytes && spec.artwork ? await artworkImage(bytes, spec.artwork, at) : undefined),
            );
      return await encodeCard(drawn, spec);
    } catch (cause) {
      if (cause instanceof BuildError) throw cause;
      throw new BuildError(`Having trouble drawing the share card of ${spec.page}`, { cause });
    }
  };

  /** The brand card: title, description, logo and host, and the page's artwork beside them when it has one. */
  async function pageCard(spec: CardToDraw, artwork: CardImage | undefined): Promise<Uint8Array> {
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
      width: SHARE_CARD.width,
      height: SHARE_CARD.height,
      fonts: fonts.faces,
    });
    // The ground goes first inside satori's <svg>, beneath everything satori drew.
    const svg = layout.replace(/^<svg[^>]*>/, (open) => open + cardGround(colors, artwork !== undefined));
    return svgToPng(svg, at(SHARE_CARD.width));
  }
}

/** JPEG qualities tried in turn until a photo card fits SHARE_CARD.maxBytes; a phone photo fits at the first. */
const JPEG_QUALITIES = [80, 70, 60, 50];

/**
 * The drawn card in its file's format, within `maxBytes`. A photo card (JPEG) steps its quality down until it
 * fits; an artwork card (PNG) that does not fit is reduced to a palette of colours, which flat artwork survives.
 * @throws BuildError naming the page when even that is too heavy
 */
export async function encodeCard(
  drawn: Sharp,
  spec: Pick<CardToDraw, "page" | "format">,
  maxBytes: number = SHARE_CARD.maxBytes,
): Promise<Uint8Array> {
  const encodings =
    spec.format === "jpeg"
      ? JPEG_QUALITIES.map((quality) => () => drawn.clone().jpeg({ quality, mozjpeg: true }).toBuffer())
      : [() => drawn.clone().png().toBuffer(), () => drawn.clone().png({ palette: true }).toBuffer()];
  let smallest = Number.POSITIVE_INFINITY;
  for (const encode of encodings) {
    const bytes = await encode();
    if (bytes.length <= maxBytes) return bytes;
    smallest = Math.min(smallest, bytes.length);
  }
  throw new BuildError(
    `The share card of ${spec.page} weighs ${Math.round(smallest / 1000)} KB at best, over the ${maxBytes / 1000} KB chat apps preview; give the page a simpler image`,
  );
}

type Raster = (width: number) => RasterOptions;

/** An SVG drawing or a photo (src/lib/images.ts says which files are photos); any other file cannot be drawn. */
function isSvg(name: string): boolean {
  if (/\.svg$/i.test(name)) return true;
  if (isRasterPath(name)) return false;
  throw new BuildError(`${name} cannot be drawn on a share card: use an SVG, PNG, JPEG, WebP or AVIF image`);
}

/**
 * The artwork at panel width, as a PNG satori embeds. An SVG is drawn at that width (with the brand fonts, when it
 * has text: embedded as an image, its text would not be drawn); a photo is turned upright and scaled down to it, so
 * the card embeds a few hundred KB rather than a phone photo.
 */
async function artworkImage(bytes: Buffer, name: string, at: Raster): Promise<CardImage> {
  const png = isSvg(name)
    ? await svgToPng(bytes, at(ARTWORK_WIDTH))
    : await photo(bytes, name, (image) => image.resize({ width: ARTWORK_WIDTH, withoutEnlargement: true }));
  const size = pngSize(png);
  if (!size) throw new BuildError(`${name} cannot be read as an image`);
  return {
    src: dataUrl(png, "image/png"),
    width: ARTWORK_WIDTH,
    height: Math.round((ARTWORK_WIDTH * size.height) / size.width),
  };
}

/**
 * An article's cover as its share card: the image scaled to cover 1200×630 and centred (covers are drawn at that size,
 * so usually nothing is cut). An SVG is drawn at the width that covers the card, then cut to it when its shape differs.
 */
async function coverCard(bytes: Buffer, name: string, at: Raster): Promise<Sharp> {
  const { width, height } = SHARE_CARD;
  if (!isSvg(name)) return sharp(await photo(bytes, name, (image) => image.resize({ width, height, fit: "cover" })));
  const size = await imageSize(bytes);
  if (!size) throw new BuildError(`${name} cannot be read as an SVG`);
  const drawn = await svgToPng(bytes, at(Math.max(width, Math.ceil((height * size.width) / size.height))));
  const drawnSize = pngSize(drawn);
  if (drawnSize?.width === width && drawnSize.height === height) return sharp(drawn);
  return sharp(drawn).resize({ width, height, fit: "cover" });
}

/** A photo or screenshot, upright (its EXIF orientation applied) and sized by `size`, as PNG bytes. */
function photo(bytes: Buffer, name: string, size: (image: Sharp) => Sharp): Promise<Buffer> {
  return size(sharp(bytes).rotate())
    .png()
    .toBuffer()
    .catch(rethrowAs(`Having trouble reading ${name} for its share card`));
}

const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

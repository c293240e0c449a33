/**
 * Raster images (photos, screenshots): the build (build/plugins/photos.ts) writes each as AVIF, WebP and a fallback at
 * the widths below, and the pages name them in <picture>; both call this module for the file names. SVG is shown as is.
 */

/** Formats the build writes for a raster source; "jpeg" or "png" is the fallback every browser shows. */
export type ImageFormat = "avif" | "webp" | "jpeg" | "png";

/** What the build learnt about one raster source, as the pages need it. */
export interface RasterImage {
  /** Intrinsic size, upright (a phone photo's EXIF orientation applied). */
  width: number;
  height: number;
  /** Widths written, ascending, none wider than the source. */
  widths: number[];
  /** The <img> fallback's format: the source's own when it is JPEG or PNG, else JPEG (PNG for a transparent one). */
  fallback: "jpeg" | "png";
}

/** Raster images by served path (/images/blog/launch.jpg). */
export type RasterImages = Readonly<Record<string, RasterImage>>;

/**
 * Widths written for every source, capped at its own width. The widest slot (an article's column, 760 px) needs 1520
 * on a 2× screen, so 1600 is the largest; 400 serves a phone's card at 1×.
 */
const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;

/** Where an image is shown, which decides the `sizes` the browser picks a width by (src/styles: base, pages/*.css). */
export type ImageSlot = "column" | "half" | "card";

/**
 * `sizes` per slot, from the layout: .container is 100% − 2 × 24 px up to 1200 px, .container--narrow 760 px.
 * - column: an article's cover and body images, the narrow container's full width.
 * - half: the product page's hero, the home carousel's slide and project, beside text from --lg (1024 px) on.
 * - card: the cards of the grids (3 columns from about 1000 px, 2 on tablets, 1 on phones, inside a card's padding).
 */
export const SLOT_SIZES: Record<ImageSlot, string> = {
  column: "(min-width: 808px) 760px, calc(100vw - 48px)",
  half: "(min-width: 1024px) 600px, calc(100vw - 48px)",
  card: "(min-width: 1024px) 380px, (min-width: 640px) 50vw, calc(100vw - 48px)",
};

const EXTENSION: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };

/** True for the sources the build turns into variants: JPEG, PNG, WebP and AVIF. */
export const isRasterPath = (served: string) => /\.(jpe?g|png|webp|avif)$/i.test(served);

/** The widths to write for a source `width` pixels wide: the ladder up to it, and the source itself when narrower than its top. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
  const top = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? width;
  if (width < top && !widths.includes(width)) widths.push(width);
  return widths;
}

/** "/images/blog/launch.jpg", 800, "avif" → "/images/blog/launch.800w.avif" */
export function variantPath(served: string, width: number, format: ImageFormat): string {
  return `${served.replace(/\.[^./]+$/, "")}.${width}w.${EXTENSION[format]}`;
}

/**
 * The `srcset` of one format: every width written. Each URL is percent-encoded, commas too: in a srcset a space or a
 * comma ends the URL, and a body image's file name may hold either.
 */
export function srcSet(served: string, image: RasterImage, format: ImageFormat): string {
  const url = (path: string) => encodeURI(path).replaceAll(",", "%2C");
  return image.widths.map((w) => `${url(variantPath(served, w, format))} ${w}w`).join(", ");
}

/** The fallback file a card filled in by a script shows (no srcset there): the width that fits a card at 2×. */
export function cardFallback(served: string, images: RasterImages | undefined): string {
  const image = images?.[served];
  if (!image) return served;
  const width = image.widths.find((w) => w >= 800) ?? image.widths[image.widths.length - 1] ?? image.width;
  return variantPath(served, width, "webp");
}

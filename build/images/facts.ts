import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { isRasterPath, type RasterImage, type RasterImages, variantWidths } from "../../src/lib/images.ts";
import { type BuildCache, digest } from "../cache.ts";

/** Larger sources fail the build (build/images/check-images.ts): no page needs them, and decoding them costs minutes. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 8000;

/** This module's path: the cache keys hold the hash of its code, so a changed encoder setting makes new files. */
const CODE = "build/images/facts.ts";

/** What the build knows of one raster source under content/images. */
export interface ImageFacts {
  /** As served and referenced: /images/blog/launch.jpg */
  served: string;
  /** As the editor sees it: content/images/blog/launch.jpg */
  file: string;
  bytes: number;
  /** The source's content hash (with this module's code), the key of its cached facts and variants. */
  key: string;
  /** Upright size; absent when the file is over MAX_IMAGE_BYTES (not decoded) or not an image sharp can read. */
  width?: number;
  height?: number;
  hasAlpha?: boolean;
  format?: string;
}

export type ImageFactsMap = ReadonlyMap<string, ImageFacts>;

/**
 * Size and format of every JPEG, PNG, WebP and AVIF file in content/images (`served`, as load-content lists them),
 * from its header, cached by its content hash: a warm build reads and hashes the files but never calls sharp.
 */
export async function readImageFacts(
  contentDir: string,
  served: Iterable<string>,
  cache: BuildCache,
): Promise<Map<string, ImageFacts>> {
  const code = await cache.code(CODE);
  const facts = new Map<string, ImageFacts>();
  for (const image of [...served].filter(isRasterPath).sort()) {
    const full = path.join(contentDir, image);
    const file = `content${image}`;
    const { size } = await stat(full);
    if (size > MAX_IMAGE_BYTES) {
      facts.set(image, { served: image, file, bytes: size, key: "" });
      continue;
    }
    const bytes = await readFile(full);
    const key = digest([code, bytes]);
    const header = await cache.json("image-facts", `${key}.json`, () => headerFacts(bytes));
    facts.set(image, { served: image, file, bytes: size, key, ...header });
  }
  return facts;
}

type Header = Pick<ImageFacts, "width" | "height" | "hasAlpha" | "format">;

async function headerFacts(bytes: Buffer): Promise<Header> {
  try {
    const meta = await sharp(bytes).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: the page shows it upright, so width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      hasAlpha: meta.hasAlpha,
      format: meta.format,
    };
  } catch {
    return {}; // not an image sharp reads: check-images reports it
  }
}

/** A source within the limits that sharp could read: the ones with variants. */
function usable(facts: ImageFacts): facts is ImageFacts & { width: number; height: number } {
  return (
    facts.width !== undefined &&
    facts.height !== undefined &&
    facts.bytes <= MAX_IMAGE_BYTES &&
    Math.max(facts.width, facts.height) <= MAX_IMAGE_SIDE
  );
}

/** What the pages need of each usable source (src/lib/images.ts). */
export function rasterImages(facts: ImageFactsMap): RasterImages {
  const out: Record<string, RasterImage> = {};
  for (const image of facts.values()) {
    if (!usable(image)) continue;
    const fallback = image.format === "png" || (image.format !== "jpeg" && image.hasAlpha) ? "png" : "jpeg";
    out[image.served] = { width: image.width, height: image.height, widths: variantWidths(image.width), fallback };
  }
  return out;
}

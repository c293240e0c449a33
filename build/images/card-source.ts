import path from "node:path";
import sharp from "sharp";
import { OG_IMAGE } from "../../src/lib/og-image.ts";
import { isRasterPath } from "../../src/lib/images.ts";
import { BuildError } from "../errors.ts";
import { ARTWORK_WIDTH } from "./share-card.tsx";

/**
 * A photo or screenshot (JPEG, PNG, WebP, AVIF) as a share card draws it: decoded by sharp, upright, and scaled to
 * what the card shows (the whole card for a cover, the artwork panel for a page), as a PNG named like one, so the
 * card's drawing (build/images/draw-card.ts) embeds a few hundred KB instead of a phone photo. SVG artwork passes
 * through untouched.
 */
export async function cardSource(
  bytes: Buffer,
  name: string,
  kind: "page" | "cover",
): Promise<{ bytes: Buffer; name: string }> {
  if (!isRasterPath(name)) return { bytes, name };
  const pipeline = sharp(bytes).rotate();
  const sized =
    kind === "cover"
      ? pipeline.resize({ width: OG_IMAGE.width, height: OG_IMAGE.height, fit: "cover" })
      : pipeline.resize({ width: ARTWORK_WIDTH, withoutEnlargement: true });
  const png = await sized
    .png()
    .toBuffer()
    .catch((cause: unknown) => {
      throw new BuildError(`Having trouble reading ${name} for its share card`, { cause });
    });
  return { bytes: png, name: `${name.slice(0, name.length - path.extname(name).length)}.png` };
}

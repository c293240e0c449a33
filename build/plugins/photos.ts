import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { type ImageFormat, type RasterImage, type RasterImages, variantPath } from "../../src/lib/images.ts";
import { type BuildCache, digest } from "../cache.ts";
import { rethrowAs } from "../errors.ts";
import type { ImageFactsMap } from "../images/facts.ts";
import { plugin } from "../plugin.ts";
import type { OutputFile } from "../styles.ts";

/** The formats written of one image: AVIF, WebP and the fallback for browsers with neither. */
const formatsOf = (image: RasterImage): ImageFormat[] => ["avif", "webp", image.fallback];

/** Served paths of every variant buildImageVariants writes, known before any is encoded: the link check runs first. */
function variantPaths(images: RasterImages): string[] {
  return Object.entries(images).flatMap(([served, image]) =>
    formatsOf(image).flatMap((format) => image.widths.map((width) => variantPath(served, width, format))),
  );
}

/** Encoder settings: quality a photo keeps at a glance, at a fraction of the source's bytes. */
function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "avif":
      // Effort 0, not sharp's default 4: 0.4 s instead of 16 s of CPU for a 12 MP photo's four widths, files ~9% larger.
      return pipeline.avif({ quality: 50, effort: 0 });
    case "webp":
      return pipeline.webp({ quality: 75 });
    case "jpeg":
      return pipeline.jpeg({ quality: 78, mozjpeg: true });
    case "png":
      return pipeline.png({ compressionLevel: 9 });
  }
}

/**
 * Every variant the pages name: AVIF, WebP and the fallback at each width of `images`, from the cache when the
 * source is unchanged. Images run one at a time (sharp spreads one over the cores already).
 * @throws BuildError naming the file when sharp cannot encode it
 */
async function buildImageVariants(
  contentDir: string,
  facts: ImageFactsMap,
  images: RasterImages,
  cache: BuildCache,
): Promise<{ files: OutputFile[]; made: number }> {
  // The facts' key is the source's content; this module's code joins it, so a changed encoder setting makes new files.
  const code = await cache.code("build/plugins/photos.ts");
  const files: OutputFile[] = [];
  let made = 0;
  for (const [served, image] of Object.entries(images)) {
    const key = digest([code, facts.get(served)?.key ?? ""]);
    // Decoded once, upright, at the widest width written: each variant scales from that, not from the full source.
    let decoded: Promise<{ data: Buffer; info: OutputInfo }> | undefined;
    const variants = await Promise.all(
      formatsOf(image).flatMap((format) =>
        image.widths.map(async (width) => {
          const out = variantPath(served, width, format);
          const entry = await cache.get("images", `${digest([key, format, String(width)])}.${format}`, async () => {
            decoded ??= readFile(path.join(contentDir, served)).then((bytes) =>
              sharp(bytes)
                .rotate()
                .resize({ width: Math.max(...image.widths), withoutEnlargement: true })
                .raw()
                .toBuffer({ resolveWithObject: true }),
            );
            made += 1;
            const { data, info } = await decoded;
            const resized = sharp(data, {
              raw: { width: info.width, height: info.height, channels: info.channels },
            }).resize({ width, withoutEnlargement: true });
            return encode(resized, format)
              .toBuffer()
              .catch(rethrowAs(`Having trouble writing ${out.slice(1)} from content${served}`));
          });
          return { path: out.slice(1), contents: entry.bytes };
        }),
      ),
    );
    files.push(...variants);
  }
  return { files, made };
}

/** Every photo of content/images at the widths and in the formats the pages name. */
export const photos = plugin({
  name: "images",
  when: "first",
  needs: ({ contentDir, facts, content }) => ({ contentDir, facts, images: content.images ?? {} }),
  paths: ({ images }) => variantPaths(images),
  make: async ({ contentDir, facts, images }, cache) => {
    const { files, made } = await buildImageVariants(contentDir, facts, images, cache);
    const kb = Math.round(files.reduce((n, f) => n + f.contents.length, 0) / 1024);
    return { files, detail: `${files.length} image files (${made} made, ${files.length - made} cached, ${kb} KB)` };
  },
});

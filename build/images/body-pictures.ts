import { type RasterImages, SLOT_SIZES, srcSet, variantPath } from "../../src/lib/images.ts";

/**
 * Turns each `<img>` of a rendered markdown body whose source is a photo or screenshot into the <picture> the
 * components draw (src/components/picture.tsx): AVIF and WebP at the column's widths, its true size, loaded lazily
 * (a body image is never the page's largest paint: the cover above it is). Runs on the sanitized HTML, whose `<img>`
 * tags rehype-stringify writes as `<img src="…" alt="…">`; SVG artwork and other sites' images stay as written.
 */
export function bodyPictures(html: string, images: RasterImages): string {
  if (!Object.keys(images).length) return html;
  return html.replace(/<img src="([^"]*)"([^>]*)>/g, (tag, src: string, rest: string) => {
    const served = safeDecode(src.replaceAll("&#x26;", "&").replaceAll("&amp;", "&"));
    const image = images[served];
    if (!image) return tag;
    const sizes = SLOT_SIZES.column;
    const fallback = variantPath(served, image.widths[image.widths.length - 1] ?? image.width, image.fallback);
    return (
      "<picture>" +
      `<source type="image/avif" srcset="${srcSet(served, image, "avif")}" sizes="${sizes}">` +
      `<source type="image/webp" srcset="${srcSet(served, image, "webp")}" sizes="${sizes}">` +
      `<img src="${fallback}"${rest} srcset="${srcSet(served, image, image.fallback)}" sizes="${sizes}" width="${image.width}" height="${image.height}" loading="lazy" decoding="async">` +
      "</picture>"
    );
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

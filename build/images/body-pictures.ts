import type { Element, ElementContent, RootContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { type RasterImages, SLOT_SIZES, srcSet, variantPath } from "../../src/lib/images.ts";
import { decodeUrl } from "../../src/lib/content-rules.ts";
import { elementsOf, parseFragment } from "../html-tree.ts";

/**
 * Turns each `<img>` of a rendered markdown body whose source is a photo or screenshot into the <picture> the
 * components draw (src/components/picture.tsx): AVIF and WebP at the column's widths, its true size, loaded lazily
 * (a body image is never the page's largest paint: the cover above it is). Runs on the sanitized HTML (the render
 * cache keeps HTML, not trees); SVG artwork and other sites' images stay as written.
 */
export function bodyPictures(html: string, images: RasterImages): string {
  if (!Object.keys(images).length) return html;
  const tree = parseFragment(html);
  let changed = false;
  const replaceIn = (children: (RootContent | ElementContent)[]) =>
    children.forEach((node, i) => {
      if (node.type !== "element" || node.tagName !== "img" || typeof node.properties.src !== "string") return;
      const served = decodeUrl(node.properties.src);
      const image = images[served];
      if (!image) return;
      changed = true;
      const sizes = SLOT_SIZES.column;
      const source = (type: "avif" | "webp"): Element => ({
        type: "element",
        tagName: "source",
        properties: { type: `image/${type}`, srcSet: srcSet(served, image, type), sizes },
        children: [],
      });
      const img: Element = {
        ...node,
        properties: {
          ...node.properties,
          src: variantPath(served, image.widths[image.widths.length - 1] ?? image.width, image.fallback),
          srcSet: srcSet(served, image, image.fallback),
          sizes,
          width: image.width,
          height: image.height,
          loading: "lazy",
          decoding: "async",
        },
      };
      children[i] = {
        type: "element",
        tagName: "picture",
        properties: {},
        children: [source("avif"), source("webp"), img],
      };
    });
  replaceIn(tree.children);
  for (const element of elementsOf(tree)) replaceIn(element.children);
  return changed ? toHtml(tree) : html;
}

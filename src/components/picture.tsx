import type { ImgHTMLAttributes } from "react";
import { type ImageSlot, SLOT_SIZES, srcSet, variantPath } from "../lib/images.ts";
import { useSiteContext } from "./site-context.tsx";

type ImgProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/**
 * An image of the content: SVG as an <img>; a photo as a <picture> of AVIF and WebP widths with its true size, so the
 * browser fetches the smallest file that fills `slot`. `priority` marks the largest paint: fetched first, never lazy; every other one loads lazily.
 */
export function Picture({ slot, priority, ...img }: ImgProps & { slot: ImageSlot; priority?: boolean }) {
  const image = useSiteContext().content.images?.[img.src];
  // No picture yet (an /admin preview of an entry being written): an empty src would fetch the page itself again.
  if (!img.src) return null;
  const fetching = {
    loading: priority ? "eager" : "lazy",
    decoding: "async",
    fetchPriority: priority ? "high" : undefined,
  } as const;
  // alt again after the spread: the same key, so the attributes keep the order the call wrote them in.
  if (!image) return <img {...img} alt={img.alt} {...fetching} />;
  const sizes = SLOT_SIZES[slot];
  const { src, width: _width, height: _height, ...rest } = img;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(src, image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(src, image, "webp")} sizes={sizes} />
      <img
        {...rest}
        alt={img.alt}
        src={variantPath(src, image.widths[image.widths.length - 1] ?? image.width, image.fallback)}
        srcSet={srcSet(src, image, image.fallback)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        {...fetching}
      />
    </picture>
  );
}

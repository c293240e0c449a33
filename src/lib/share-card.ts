import { isRasterPath } from "./images.ts";

/**
 * Where each page's share card lives and what it is. The build writes one image per page at shareCardPath(page) and
 * the head points og:image there; both sides call this module, so the name is the only contract between them.
 */

/**
 * Open Graph's recommended size (1.91:1); LinkedIn, X, Facebook and WhatsApp all crop it well. Chat apps drop a link
 * preview's picture when the file is large (WhatsApp's limit is commonly given as 300 KB), so no card may weigh more.
 */
export const SHARE_CARD = { width: 1200, height: 630, maxBytes: 300_000 } as const;

/** What of a page's head decides its share card: an article with a cover shares its cover's card. */
export interface ShareCardHead {
  image?: string;
  article?: object;
  /** Another page whose card this one shows (/blog/page/2 shows /blog's). */
  shareCardOf?: string;
}

/**
 * Site path of the share card of a page (tests/unit/lib/share-card.test.ts lists examples). An article with a cover
 * shares the cover's card under /og/covers/ (networks print its title beside the image anyway, so articles cost as
 * many cards as they have covers); a page may show another's (`shareCardOf`); any other page has its own, named after
 * it so an unchanged page keeps its URL, its underscore dropped (never served). A card showing a photo is a .jpg.
 * @param pagePath the page's URL path, or the file path of a not-found view
 * @param head the page's head; without it, the page's own card
 */
export function shareCardPath(pagePath: string, head?: ShareCardHead): string {
  if (head?.shareCardOf) return shareCardPath(head.shareCardOf);
  const extension = head?.image && isRasterPath(head.image) ? "jpg" : "png";
  if (head?.article && head.image)
    return `/og/covers/${head.image.replace(/^\/images\//, "").replace(/\.[^./]+$/, "")}.${extension}`;
  const segments = pagePath.split("/").filter(Boolean);
  if (segments.length === 0) return `/og/index.${extension}`;
  const last = segments.length - 1;
  segments[last] = (segments[last] ?? "").replace(/\.html$/, "").replace(/^_+/, "");
  return `/og/${segments.join("/")}.${extension}`;
}

/**
 * The media type of a card, by its path: a card that shows a photo (the page's image is a raster file) is a JPEG, where
 * as a PNG it weighs megabytes; one drawn from text and SVG artwork stays a PNG, sharp and small.
 */
export const shareCardType = (cardPath: string): "image/jpeg" | "image/png" =>
  cardPath.endsWith(".jpg") ? "image/jpeg" : "image/png";

/** Alternative text of a share card: what the card says. */
export function shareCardAlt(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

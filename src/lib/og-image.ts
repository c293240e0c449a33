/**
 * Where each page's share image lives and what it is. The build writes one PNG per page at ogImagePath(page) and the
 * head points og:image there; both sides call this module, so the name is the only contract between them.
 */

/** Open Graph's recommended size (1.91:1); LinkedIn, X, Facebook and WhatsApp all crop it well. */
export const OG_IMAGE = { width: 1200, height: 630, type: "image/png" } as const;

/**
 * Site path of the share image of a page, named after the page so an unchanged page keeps its URL:
 * "/" → /og/index.png, "/products/esim" → /og/products/esim.png, a not-found view "/products/_404.html" →
 * /og/products/404.png (underscore files are not served, so the underscore is dropped).
 * @param pagePath the page's URL path, or the file path of a not-found view
 */
export function ogImagePath(pagePath: string): string {
  const segments = pagePath.split("/").filter(Boolean);
  if (segments.length === 0) return "/og/index.png";
  const last = segments.length - 1;
  segments[last] = (segments[last] ?? "").replace(/\.html$/, "").replace(/^_+/, "");
  return `/og/${segments.join("/")}.png`;
}

/** Alternative text of a share image: what the card says. */
export function ogImageAlt(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

import type { Site } from "../schemas/site.ts";

/** Absolute URL of a site path, for canonical links, sitemaps, feeds and share links. */
export function absoluteUrl(site: Pick<Site, "url">, sitePath: string): string {
  return new URL(sitePath, site.url.endsWith("/") ? site.url : `${site.url}/`).href;
}

/** wa.me chat link for a digits-only number. */
export function whatsappUrl(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

/** tel: link from a displayed phone number. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/**
 * Where a product's documentation PDF is served; the build writes it there from content/documentation/<id>.md (or .pdf).
 * Derived, never typed by editors, so a renamed product cannot point at another product's manual.
 */
export function documentationUrl(productId: string): string {
  return `/docs/${productId}-documentation.pdf`;
}

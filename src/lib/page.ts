import type { ComponentType } from "react";
import type { SiteContent } from "./content.ts";

/** JSON-LD objects are plain data; the head serialises them safely. */
export type JsonLd = Record<string, unknown>;

/** What a page says about itself to search engines and social networks. */
export interface PageHead {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Site path of the page's own picture (product artwork, article image), drawn on its share card. */
  image?: string;
  /** URL path of another page whose share card this page shows (later pages of a list show the list's first page's). */
  shareCardOf?: string;
  type?: "website" | "article" | "product";
  /**
   * When the page's content last changed (yyyy-mm-dd), for the sitemap's lastmod. Only for pages whose content carries
   * a date an editor keeps; a page without one is listed without lastmod rather than with a guess.
   */
  modified?: string;
  /**
   * The page's address carries a mailed link's secret token (the newsletter's confirm and unsubscribe pages): it sends
   * no referrer, has no analytics, and its first script takes the token out of the address (src/layouts/document.tsx).
   */
  linkToken?: boolean;
  /** Pages that must not be indexed (404 views). They are also left out of the sitemap. */
  noindex?: boolean;
  jsonLd?: readonly JsonLd[];
  /** The previous and next page of a list split over several pages (<link rel="prev"> and rel="next"), as URL paths. */
  pagination?: { prev?: string; next?: string };
  /** Extra <link rel="alternate"> entries, e.g. the blog's RSS feed. */
  alternates?: readonly { type: string; title: string; href: string }[];
  /** Article metadata for Open Graph. */
  article?: { publishedTime: string; section: string; author: string };
}

export type RouteParams = Record<string, string>;

export interface PageContext<Params extends RouteParams = RouteParams> {
  content: SiteContent;
  params: Params;
  /** The URL path this render is for, e.g. /products/esim (no trailing slash; "/" for home). */
  path: string;
}

/**
 * A route module. The file path under src/pages is the URL; a dynamic segment `[productId]` is filled from
 * `paths`, because every route is prerendered.
 */
export interface PageDefinition<Params extends RouteParams, Data> {
  /** Every value of the route's parameters; required for dynamic routes. */
  paths?: (content: SiteContent) => Params[];
  data: (context: PageContext<Params>) => Data;
  head: (data: Data, context: PageContext<Params>) => PageHead;
  Page: ComponentType<Data>;
}

/** Identity helper that gives a route module its types. */
export function definePage<Params extends RouteParams = Record<never, string>, Data = Record<never, never>>(
  definition: PageDefinition<Params, Data>,
): PageDefinition<Params, Data> {
  return definition;
}

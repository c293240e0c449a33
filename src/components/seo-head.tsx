import type { Site } from "../schemas/site.ts";
import { serializeJson } from "../lib/island-wrapper.tsx";
import { MAX_SEO_TITLE_LENGTH } from "../lib/limits.ts";
import { SHARE_CARD, shareCardAlt, shareCardPath, shareCardType } from "../lib/share-card.ts";
import type { JsonLd, PageHead } from "../lib/page.ts";
import { breadcrumbs, ld } from "../lib/structured-data.ts";
import { absoluteUrl } from "../lib/urls.ts";

interface SeoHeadProps {
  site: Site;
  head: PageHead;
  /** URL path of the page, for the canonical link. */
  path: string;
  /** False on staging: every page asks crawlers to stay away. */
  indexable?: boolean;
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD for one page. */
export function SeoHead({ site, head, path, indexable = true }: SeoHeadProps) {
  const title = pageTitle(head.title, site.name, path);
  const canonical = absoluteUrl(site, path);
  // The build draws a PNG or JPEG card for every page or article cover (build/plugins/share-cards/share-cards.ts): networks do not preview SVG.
  const card = shareCardPath(path, head);
  const image = absoluteUrl(site, card);
  const imageAlt = shareCardAlt(head.title, site.name);
  const keywords = head.keywords ?? site.keywords;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={head.description} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(", ")} />}
      {head.noindex ? <meta name="robots" content="noindex, follow" /> : <link rel="canonical" href={canonical} />}
      {!indexable && !head.noindex && <meta name="robots" content="noindex, nofollow" />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:type" content={head.type === "article" ? "article" : "website"} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content={shareCardType(card)} />
      <meta property="og:image:width" content={String(SHARE_CARD.width)} />
      <meta property="og:image:height" content={String(SHARE_CARD.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta property="og:locale" content={site.locale} />
      {head.article && (
        <>
          <meta property="article:published_time" content={head.article.publishedTime} />
          <meta property="article:section" content={head.article.section} />
          <meta property="article:author" content={head.article.author} />
        </>
      )}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={head.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {head.pagination?.prev && <link rel="prev" href={absoluteUrl(site, head.pagination.prev)} />}
      {head.pagination?.next && <link rel="next" href={absoluteUrl(site, head.pagination.next)} />}
      {head.alternates?.map((alt) => (
        <link key={alt.href} rel="alternate" type={alt.type} title={alt.title} href={alt.href} />
      ))}
      {(head.jsonLd ?? defaultJsonLd(site, head, path)).map((data, i) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is serialised with <, > and & escaped.
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJson(data) }} />
      ))}
    </>
  );
}

/** "Page | Site" when it fits in MAX_SEO_TITLE_LENGTH (search results cut longer ones off), the page's own title otherwise; home uses its title as it is. */
function pageTitle(title: string, siteName: string, path: string): string {
  const withSite = `${title} | ${siteName}`;
  return path === "/" || withSite.length > MAX_SEO_TITLE_LENGTH ? title : withSite;
}

/** Pages that describe themselves no further still tell search engines what they are and where they sit. */
function defaultJsonLd(site: Site, head: PageHead, path: string): JsonLd[] {
  if (head.noindex) return [];
  return [
    ld("WebPage", {
      name: head.title,
      description: head.description,
      url: absoluteUrl(site, path),
      isPartOf: { "@type": "WebSite", name: site.name, url: site.url },
    }),
    breadcrumbs(site, [
      { name: "Home", path: "/" },
      { name: head.title, path },
    ]),
  ];
}

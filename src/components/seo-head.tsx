import type { Site } from "../schemas/site.ts";
import { serializeJson } from "../lib/island.tsx";
import type { PageHead } from "../lib/page.ts";
import { absoluteUrl } from "../lib/urls.ts";

interface SeoHeadProps {
  site: Site;
  head: PageHead;
  /** URL path of the page, for the canonical link. */
  path: string;
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD for one page. */
export function SeoHead({ site, head, path }: SeoHeadProps) {
  const title = path === "/" ? head.title : `${head.title} | ${site.name}`;
  const canonical = absoluteUrl(site, path);
  const image = absoluteUrl(site, head.image ?? site.shareImages.default);
  const keywords = head.keywords ?? site.keywords;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={head.description} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(", ")} />}
      {head.noindex ? <meta name="robots" content="noindex, follow" /> : <link rel="canonical" href={canonical} />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:type" content={head.type === "article" ? "article" : "website"} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
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
      {head.alternates?.map((alt) => (
        <link key={alt.href} rel="alternate" type={alt.type} title={alt.title} href={alt.href} />
      ))}
      {head.jsonLd?.map((data, i) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is serialised with <, > and & escaped.
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJson(data) }} />
      ))}
    </>
  );
}

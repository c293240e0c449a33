import type { BlogPost } from "./content.ts";
import type { JsonLd } from "./page.ts";
import type { FaqCategory, Product, Site } from "../schemas/index.ts";
import { SEARCH_PAGE_PATH, SEARCH_QUERY_PARAM } from "./search.ts";
import { manifestIconPath } from "./site-icons.ts";
import { absoluteUrl } from "./urls.ts";

/** schema.org objects for the JSON-LD of each page; facts come from content only. */
export const ld = (type: string, fields: JsonLd): JsonLd => ({
  "@context": "https://schema.org",
  "@type": type,
  ...fields,
});

/** Search engines want a raster logo of at least 112 px: the 512 px icon the build draws from the SVG logo. */
const LOGO = manifestIconPath(512);

export function organization(site: Site): JsonLd {
  return ld("Organization", {
    name: site.name,
    url: site.url,
    logo: absoluteUrl(site, LOGO),
    foundingDate: String(site.company.foundingYear),
    email: site.contact.email,
    telephone: site.contact.phone,
    sameAs: [site.social.facebook, site.social.linkedin, site.social.youtube, site.marketplace.profileUrl].filter(
      Boolean,
    ),
    aggregateRating: aggregateRating(site),
  });
}

export function webSite(site: Site): JsonLd {
  return ld("WebSite", {
    name: site.name,
    url: site.url,
    potentialAction: {
      "@type": "SearchAction",
      // The site search's results page (src/pages/search.tsx), which shows results for any query in its URL.
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${absoluteUrl(site, SEARCH_PAGE_PATH)}?${SEARCH_QUERY_PARAM}={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  });
}

function aggregateRating(site: Site): JsonLd {
  return {
    "@type": "AggregateRating",
    ratingValue: site.rating.value,
    bestRating: site.rating.best,
    ratingCount: site.rating.count,
  };
}

export function softwareApplication(product: Product, site: Site): JsonLd {
  return ld("SoftwareApplication", {
    name: product.name,
    description: product.shortDescription,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web, Android, iOS",
    url: absoluteUrl(site, `/products/${product.id}`),
    image: absoluteUrl(site, product.image),
    aggregateRating: aggregateRating(site),
    ...(product.price && { offers: offer(product, product.price, site) }),
  });
}

/**
 * The offer of a product with a price in content. A product without one gets no offer at all: search engines reject
 * an Offer without price and currency, and inventing a price would be worse.
 */
function offer(product: Product, price: NonNullable<Product["price"]>, site: Site): JsonLd {
  return {
    "@type": "Offer",
    price: price.amount,
    priceCurrency: price.currency,
    url: product.sellDirectly ? absoluteUrl(site, `/products/${product.id}`) : product.codecanyonUrl,
    availability: "https://schema.org/InStock",
    seller: { "@type": "Organization", name: site.name },
  };
}

export function breadcrumbs(site: Site, items: { name: string; path: string }[]): JsonLd {
  return ld("BreadcrumbList", {
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: absoluteUrl(site, item.path),
    })),
  });
}

export function blogPosting(post: BlogPost, site: Site): JsonLd {
  return ld("BlogPosting", {
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.date,
    articleSection: post.category,
    image: absoluteUrl(site, post.image),
    url: absoluteUrl(site, `/blog/${post.slug}`),
    mainEntityOfPage: absoluteUrl(site, `/blog/${post.slug}`),
    author: { "@type": "Person", name: post.author.name },
    publisher: {
      "@type": "Organization",
      name: site.name,
      logo: { "@type": "ImageObject", url: absoluteUrl(site, LOGO) },
    },
  });
}

export function faqPage(categories: FaqCategory[]): JsonLd {
  return ld("FAQPage", {
    mainEntity: categories.flatMap((c) =>
      c.questions.map((q) => ({ "@type": "Question", name: q.q, acceptedAnswer: { "@type": "Answer", text: q.a } })),
    ),
  });
}

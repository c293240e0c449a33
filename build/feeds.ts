import type { SiteContent } from "../src/lib/content.ts";
import { isIndexable } from "../src/lib/site-environment.ts";
import { absoluteUrl } from "../src/lib/urls.ts";
import type { RenderedPage } from "./render.tsx";

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** sitemap.xml: every indexable page (not the 404 views, nothing marked noindex). */
export function sitemap(pages: RenderedPage[], content: SiteContent): string {
  const urls = pages
    .filter((page) => !page.route.special && !page.head.noindex)
    .map((page) => `<url><loc>${xml(absoluteUrl(content.site, page.route.path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: production invites crawlers to the sitemap; any other environment turns them all away. */
export function robots(content: SiteContent): string {
  if (!isIndexable(content.environment)) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(content.site, "/sitemap.xml")}\n`;
}

/** RSS 2.0 feed of the blog (linked from /blog's head), newest first; each item carries its excerpt as the description. */
export function rssFeed(content: SiteContent): string {
  const { site, posts } = content;
  const items = posts.map((post) => {
    const link = absoluteUrl(site, `/blog/${post.slug}`);
    return [
      "<item>",
      `<title>${xml(post.title)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="true">${xml(link)}</guid>`,
      `<pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>`,
      `<category>${xml(post.category)}</category>`,
      `<description>${xml(post.excerpt)}</description>`,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${xml(`${site.name} Blog`)}</title>`,
    `<link>${xml(absoluteUrl(site, "/blog"))}</link>`,
    `<atom:link href="${xml(absoluteUrl(site, "/rss.xml"))}" rel="self" type="application/rss+xml"/>`,
    `<description>${xml(site.description)}</description>`,
    "<language>en-us</language>",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

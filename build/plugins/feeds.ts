import { BLOG_INDEX_PATH, blogIndex } from "../../src/lib/blog.ts";
import type { SiteContent } from "../../src/lib/content.ts";
import { cardFallback } from "../../src/lib/images.ts";
import { RSS_MAX_ITEMS } from "../../src/lib/limits.ts";
import { isIndexable } from "../../src/lib/site-environment.ts";
import { absoluteUrl } from "../../src/lib/urls.ts";
import type { PageHead } from "../../src/lib/page.ts";
import type { Site } from "../../src/schemas/site.ts";
import type { Route } from "../routes.ts";
import { plugin } from "../plugin.ts";

const xml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/**
 * sitemap.xml: every indexable page (not the 404 views, nothing marked noindex), with lastmod where the page's content
 * is dated (articles, policies, the blog list). Undated pages get none: search engines stop trusting lastmod on a site
 * once its dates prove wrong, so a guess for the catalogue would cost the articles their real dates.
 */
export function sitemap(
  pages: readonly { route: Pick<Route, "path" | "special">; head: Pick<PageHead, "noindex" | "modified"> }[],
  content: { site: Pick<Site, "url"> },
): string {
  const urls = pages
    .filter((page) => !page.route.special && !page.head.noindex)
    .map((page) => {
      const lastmod = page.head.modified ? `<lastmod>${xml(page.head.modified)}</lastmod>` : "";
      return `<url><loc>${xml(absoluteUrl(content.site, page.route.path))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: production invites crawlers to the sitemap; any other environment turns them all away. */
export function robots(content: SiteContent): string {
  if (!isIndexable(content.environment)) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(content.site, "/sitemap.xml")}\n`;
}

/**
 * RSS 2.0 feed of the blog (linked from /blog's head): the RSS_MAX_ITEMS newest articles, each with its excerpt as the
 * description. Readers poll the feed; it stays the same size however long the blog gets.
 */
export function rssFeed(content: SiteContent): string {
  const { site, posts } = content;
  const items = posts.slice(0, RSS_MAX_ITEMS).map((post) => {
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

/** The compact list of every article that the blog filter searches when the list has several pages (src/lib/blog.ts). */
export function blogIndexFile(content: Pick<SiteContent, "posts" | "images">): { path: string; contents: Buffer } {
  // The filter fills in a plain <img> (no srcset): a photo cover is named by its card-sized WebP, not the source.
  const entries = blogIndex(content.posts).map((entry) => ({
    ...entry,
    image: cardFallback(entry.image, content.images),
  }));
  return { path: BLOG_INDEX_PATH.slice(1), contents: Buffer.from(JSON.stringify(entries)) };
}

/** The site's feeds and listings, written from content: sitemap, robots.txt, RSS and the blog's post list. */
export const feeds = plugin({
  name: "feeds",
  when: "first",
  needs: (site) => site,
  paths: () => ["/sitemap.xml", "/robots.txt", "/rss.xml", BLOG_INDEX_PATH],
  make: async ({ pages, content }) => ({
    files: [
      { path: "sitemap.xml", contents: Buffer.from(sitemap(pages, content)) },
      { path: "robots.txt", contents: Buffer.from(robots(content)) },
      { path: "rss.xml", contents: Buffer.from(rssFeed(content)) },
      blogIndexFile(content),
    ],
    detail: "4 files",
  }),
});

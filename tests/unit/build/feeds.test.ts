import { describe, expect, test } from "vitest";
import { blogIndexFile, feeds, robots, rssFeed, sitemap } from "../../../build/plugins/feeds.ts";
import type { BuiltSite } from "../../../build/plugin.ts";
import type { SiteContent } from "../../../src/lib/content.ts";
import { RSS_MAX_ITEMS } from "../../../src/lib/limits.ts";

const site = { url: "https://www.example.com" };
const page = (path: string, head: { modified?: string; noindex?: boolean } = {}, special = false) => ({
  route: { path, special },
  head,
});
const urls = (xml: string) => [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]);

describe("sitemap", () => {
  test("should give a dated page its date as lastmod and list an undated page without one", () => {
    const xml = sitemap([page("/blog/launch", { modified: "2025-03-14" }), page("/products/esim")], { site });
    expect(urls(xml)).toEqual([
      "<loc>https://www.example.com/blog/launch</loc><lastmod>2025-03-14</lastmod>",
      "<loc>https://www.example.com/products/esim</loc>",
    ]);
  });

  test("should leave out not-found views and pages marked noindex", () => {
    const xml = sitemap([page("/"), page("/404.html", { noindex: true }, true), page("/draft", { noindex: true })], {
      site,
    });
    expect(urls(xml)).toEqual(["<loc>https://www.example.com/</loc>"]);
  });

  test("should be a sitemaps.org urlset", () => {
    expect(sitemap([page("/")], { site })).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n<url>.*<\/url>\n<\/urlset>\n$/,
    );
  });
});

describe("robots.txt", () => {
  test("should invite crawlers to the sitemap in production and turn them all away on staging", () => {
    const content = (name?: string) => ({ site, environment: name && { name } }) as unknown as SiteContent;
    expect(robots(content())).toBe("User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n");
    expect(robots(content("staging"))).toBe("User-agent: *\nDisallow: /\n");
  });
});

const post = (n: number) => ({
  slug: `post-${n}`,
  title: `Apps & "stars" <${n}>`,
  excerpt: "It's here",
  category: "Business",
  date: "2026-03-01",
  image: "/images/blog/cover.jpg",
  readingMinutes: 3,
});

describe("the RSS feed", () => {
  test("should be RSS 2.0 of the newest articles, each linked, dated and described, with text escaped", () => {
    const content = {
      site: { ...site, name: "Acme", description: "News & notes" },
      posts: Array.from({ length: RSS_MAX_ITEMS + 1 }, (_, i) => post(i)),
    } as unknown as SiteContent;
    const feed = rssFeed(content);
    const items = feed.split("\n").filter((line) => line.startsWith("<item>"));
    expect(items).toHaveLength(RSS_MAX_ITEMS);
    expect(items[0]).toBe(
      [
        "<item>",
        "<title>Apps &amp; &quot;stars&quot; &lt;0&gt;</title>",
        "<link>https://www.example.com/blog/post-0</link>",
        '<guid isPermaLink="true">https://www.example.com/blog/post-0</guid>',
        "<pubDate>Sun, 01 Mar 2026 00:00:00 GMT</pubDate>",
        "<category>Business</category>",
        "<description>It&apos;s here</description>",
        "</item>",
      ].join(""),
    );
    expect(feed.replace(/\n<item>.*/g, "")).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        "<channel>",
        "<title>Acme Blog</title>",
        "<link>https://www.example.com/blog</link>",
        '<atom:link href="https://www.example.com/rss.xml" rel="self" type="application/rss+xml"/>',
        "<description>News &amp; notes</description>",
        "<language>en-us</language>",
        "</channel>",
        "</rss>",
        "",
      ].join("\n"),
    );
  });
});

describe("the blog index", () => {
  test("should list every article for the filter at /blog/posts.json, covers by their card-sized WebP", () => {
    const images = { "/images/blog/cover.jpg": { width: 1600, height: 900, widths: [400, 800, 1600] } };
    const file = blogIndexFile({ posts: [post(1)], images } as unknown as SiteContent);
    expect(file.path).toBe("blog/posts.json");
    expect(JSON.parse(file.contents.toString())).toEqual([
      {
        slug: "post-1",
        title: 'Apps & "stars" <1>',
        excerpt: "It's here",
        category: "Business",
        date: "2026-03-01",
        image: expect.stringMatching(/^\/images\/blog\/cover.*800.*\.webp$/),
        readingMinutes: 3,
      },
    ]);
  });
});

describe("the feeds plugin", () => {
  test("makes exactly the files it says it will, before the link check counts them", async () => {
    const content = { site: { ...site, name: "Acme", description: "d" }, posts: [post(1)], images: {} };
    const built = { pages: [page("/")], content } as unknown as BuiltSite;
    const made = await feeds.make(feeds.needs(built), undefined as never);
    expect(made.files.map((file) => `/${file.path}`)).toEqual(feeds.paths(feeds.needs(built)));
    expect(made.detail).toBe("4 files");
  });
});

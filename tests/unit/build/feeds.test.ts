import { describe, expect, test } from "vitest";
import { sitemap } from "../../../build/plugins/feeds.ts";

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
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    );
  });
});

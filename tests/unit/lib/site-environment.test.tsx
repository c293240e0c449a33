import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, test } from "vitest";
import { robots, sitemap } from "../../../build/plugins/feeds.ts";
import { readSiteContent } from "../../../build/read-content.ts";
import { SeoHead } from "../../../src/components/seo-head.tsx";
import type { SiteContent } from "../../../src/lib/content.ts";
import { PRODUCTION, readSiteEnvironment, withEnvironment } from "../../../src/lib/site-environment.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const STAGING = { name: "staging", url: "https://staging.example.com" } as const;

describe("readSiteEnvironment", () => {
  test("builds for production at site.yaml's url unless SITE_ENV and SITE_URL say otherwise", () => {
    expect(readSiteEnvironment({})).toEqual(PRODUCTION);
    expect(readSiteEnvironment({ SITE_ENV: "staging", SITE_URL: "https://staging.example.com/" })).toEqual(STAGING);
  });

  test("names the variable, the value and what it accepts", () => {
    expect(() => readSiteEnvironment({ SITE_ENV: "prod" })).toThrow(
      'SITE_ENV is "prod"; expected production or staging',
    );
    expect(() => readSiteEnvironment({ SITE_URL: "https://example.com/shop" })).toThrow(
      'SITE_URL is "https://example.com/shop"; expected an origin without a path, such as https://staging.example.com',
    );
  });
});

describe("a staging build", () => {
  let production: SiteContent;
  let staging: SiteContent;
  const head = (content: SiteContent) =>
    renderToStaticMarkup(
      <SeoHead
        site={content.site}
        head={{ title: "About", description: "Who we are" }}
        path="/about"
        indexable={content.environment?.name !== "staging"}
      />,
    );

  beforeAll(async () => {
    const compiled = await readSiteContent(path.join(ROOT, "content"));
    production = withEnvironment(compiled, PRODUCTION);
    staging = withEnvironment(compiled, STAGING);
  });

  test("keeps site.yaml's url in production and uses its own origin on staging", () => {
    expect(production.site.url).toBe("https://www.example.com");
    expect(staging.site.url).toBe("https://staging.example.com");
  });

  test("asks crawlers to stay away from every page and points canonical links at its own origin", () => {
    expect(head(staging)).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(head(staging)).toContain('<link rel="canonical" href="https://staging.example.com/about"/>');
    expect(head(production)).not.toContain('name="robots"');
    expect(head(production)).toContain('<link rel="canonical" href="https://www.example.com/about"/>');
  });

  test("serves a robots.txt that disallows everything; production's invites crawlers to its sitemap", () => {
    expect(robots(staging)).toBe("User-agent: *\nDisallow: /\n");
    expect(robots(production)).toBe("User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n");
    expect(sitemap([], staging)).not.toContain("www.example.com");
  });
});

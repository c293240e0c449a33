import { describe, expect, test } from "vitest";
import { addressToFetchAhead, NOT_FETCHED_AHEAD, SPECULATION_RULES } from "../../../src/lib/speculation-rules.ts";

const here = new URL("https://www.example.com/blog?category=guides");

describe("addressToFetchAhead", () => {
  test.each([
    ["/products/esim", "https://www.example.com/products/esim"],
    ["/contact?product=esim#form", "https://www.example.com/contact?product=esim"],
    ["/blog", "https://www.example.com/blog"],
    ["products", "https://www.example.com/products"],
  ])("should fetch the internal page %s ahead", (href, expected) => {
    expect(addressToFetchAhead(href, here, false)).toBe(expected);
  });

  test.each([
    ["/api/send-contact-email", "an endpoint"],
    ["/newsletter/confirm?token=abc", "a newsletter link that acts when opened"],
    ["/search?q=crm", "search results"],
    ["/search", "the search page"],
    ["/docs/esim-documentation.pdf", "a PDF manual"],
    ["/rss.xml", "the feed"],
    ["https://other.example.com/products", "another site"],
    ["http://www.example.com/products", "another origin (scheme)"],
    ["/blog?category=guides#top", "this very document"],
  ])("should not fetch %s (%s)", (href) => {
    expect(addressToFetchAhead(href, here, false)).toBeUndefined();
  });

  test("should not fetch a link its author marked out", () => {
    expect(addressToFetchAhead("/products/esim", here, true)).toBeUndefined();
  });
});

describe("SPECULATION_RULES", () => {
  const rules = JSON.parse(SPECULATION_RULES) as Record<string, { where: unknown; eagerness: string }[]>;

  test("should prerender on a moderate signal and prefetch on a conservative one, from the same links", () => {
    expect(rules.prerender?.map((rule) => rule.eagerness)).toEqual(["moderate"]);
    expect(rules.prefetch?.map((rule) => rule.eagerness)).toEqual(["conservative"]);
    expect(rules.prefetch?.[0]?.where).toEqual(rules.prerender?.[0]?.where);
  });

  test("should leave out every path the loader leaves out, and marked links", () => {
    expect(rules.prerender?.[0]?.where).toEqual({
      and: [
        { href_matches: "/*" },
        { not: { href_matches: NOT_FETCHED_AHEAD } },
        { not: { selector_matches: "[rel~=nofollow], [data-no-speculate], [download]" } },
      ],
    });
  });
});

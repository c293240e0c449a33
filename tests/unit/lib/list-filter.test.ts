import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { filterFromQuery, matchesFilter, statusText, withFilterQuery } from "../../../src/lib/list-filter.ts";

/** An article as the blog filter sees it: title and excerpt searched, category chosen. */
const article = {
  text: "Launch an Astrology App\nA practical plan for founders.",
  field: (p: string) => (p === "category" ? "Business" : undefined),
};

describe("matchesFilter", () => {
  test.each([
    // The search occurs in the searchable text, case and outer spaces aside; an empty one matches the category.
    [{ search: "astrology", category: "" }, "search", true],
    [{ search: "  PRACTICAL ", category: "" }, "search", true],
    [{ search: "whatsapp", category: "" }, "search", false],
    [{ search: "", category: "Business" }, "search", true],
    [{ search: " ", category: "Marketing" }, "search", false],
    [{ search: "app", category: "Business" }, "search", true],
    [{ search: "app", category: "Technology" }, "search", false],
    // A choice is compared exactly; no text parameter and no choice match everything.
    [{ category: "business" }, undefined, false],
    [{ category: "" }, undefined, true],
    [{}, undefined, true],
  ])("%j (text parameter %s) matches: %s", (state, textParam, matches) => {
    expect(matchesFilter(article, state, textParam)).toBe(matches);
  });
});

describe("filterFromQuery", () => {
  const params = { search: undefined, category: ["", "Technology", "Business"] };
  test("reads the search and a known choice", () => {
    expect(filterFromQuery("?search=app&category=Business", params)).toEqual({ search: "app", category: "Business" });
  });
  test("falls back to everything for a missing or unknown choice (an old link's category=All included)", () => {
    expect(filterFromQuery("", params)).toEqual({ search: "", category: "" });
    expect(filterFromQuery("?category=Cooking", params)).toEqual({ search: "", category: "" });
    expect(filterFromQuery("?category=All", params)).toEqual({ search: "", category: "" });
  });
});

describe("withFilterQuery", () => {
  test("writes the filter and keeps other parameters and the hash", () => {
    expect(withFilterQuery("https://x.test/blog?ref=mail#top", { search: "app store", category: "Business" })).toBe(
      "/blog?ref=mail&search=app+store&category=Business#top",
    );
  });
  test("leaves out blank values, so the plain page keeps its plain address", () => {
    expect(withFilterQuery("https://x.test/blog?search=app&category=Business", { search: " ", category: "" })).toBe(
      "/blog",
    );
  });
  test("round-trips through filterFromQuery", () => {
    const params = { search: undefined, category: ["", "Technology", "Business"] };
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("", "Technology", "Business"), (search, category) => {
        const url = new URL(withFilterQuery("https://x.test/blog", { search, category }), "https://x.test");
        const back = filterFromQuery(url.search, params);
        return back.category === category && back.search === (search.trim() === "" ? "" : search);
      }),
    );
  });
});

describe("statusText", () => {
  const status = { many: "{n} articles", one: "{n} article", none: "No articles found matching your criteria." };
  test("counts the shown items, in the singular for one, and says when none are shown", () => {
    expect(statusText(5, status)).toBe("5 articles");
    expect(statusText(1, status)).toBe("1 article");
    expect(statusText(0, status)).toBe("No articles found matching your criteria.");
    expect(statusText(1, { many: "{n} of 10 products", none: "" })).toBe("1 of 10 products");
  });
});

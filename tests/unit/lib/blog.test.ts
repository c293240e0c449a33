import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { filterFromQuery, matchesPost, postCategories, relatedPosts, withFilterQuery } from "../../../src/lib/blog.ts";

const post = (slug: string, category: string) => ({ slug, category, title: slug, excerpt: "" });

describe("relatedPosts", () => {
  const posts = [
    post("a", "Business"),
    post("b", "Business"),
    post("c", "Marketing"),
    post("d", "Business"),
    post("e", "Business"),
    post("f", "Business"),
  ];
  test("returns other posts of the same category, in the given order, at most three", () => {
    expect(relatedPosts(posts, posts[0] as (typeof posts)[0]).map((p) => p.slug)).toEqual(["b", "d", "e"]);
  });
  test("never returns the post itself", () => {
    expect(relatedPosts(posts, posts[3] as (typeof posts)[0]).map((p) => p.slug)).toEqual(["a", "b", "e"]);
  });
  test("returns nothing when no other post shares the category", () => {
    expect(relatedPosts(posts, posts[2] as (typeof posts)[0])).toEqual([]);
  });
  test("holds for any list: same category, not itself, at most three", () => {
    const arbitraryPosts = fc.uniqueArray(fc.record({ slug: fc.string({ minLength: 1 }), category: fc.constantFrom("A", "B", "C") }), {
      selector: (p) => p.slug,
      minLength: 1,
    });
    fc.assert(
      fc.property(arbitraryPosts, fc.nat(), (list, index) => {
        const current = list[index % list.length] as (typeof list)[0];
        const related = relatedPosts(list, current);
        return related.length <= 3 && related.every((p) => p.category === current.category && p.slug !== current.slug);
      }),
    );
  });
});

describe("postCategories", () => {
  test("keeps the known order and drops categories no post uses", () => {
    expect(postCategories([post("a", "Marketing"), post("b", "Technology")], ["Technology", "Business", "Marketing"])).toEqual([
      "Technology",
      "Marketing",
    ]);
  });
});

describe("matchesPost", () => {
  const article = { title: "Launch an Astrology App", excerpt: "A practical plan for founders.", category: "Business" };
  test("matches the search in the title or the excerpt, ignoring case and outer spaces", () => {
    expect(matchesPost(article, { search: "astrology", category: "All" })).toBe(true);
    expect(matchesPost(article, { search: "  PRACTICAL ", category: "All" })).toBe(true);
    expect(matchesPost(article, { search: "whatsapp", category: "All" })).toBe(false);
  });
  test("an empty search matches everything in the category", () => {
    expect(matchesPost(article, { search: "", category: "Business" })).toBe(true);
    expect(matchesPost(article, { search: "", category: "Marketing" })).toBe(false);
  });
  test("applies search and category together", () => {
    expect(matchesPost(article, { search: "app", category: "Business" })).toBe(true);
    expect(matchesPost(article, { search: "app", category: "Technology" })).toBe(false);
  });
});

describe("filterFromQuery", () => {
  const categories = ["Technology", "Business"];
  test("reads search and a known category", () => {
    expect(filterFromQuery("?search=app&category=Business", categories)).toEqual({ search: "app", category: "Business" });
  });
  test("falls back to All for a missing or unknown category", () => {
    expect(filterFromQuery("", categories)).toEqual({ search: "", category: "All" });
    expect(filterFromQuery("?category=Cooking", categories)).toEqual({ search: "", category: "All" });
  });
});

describe("withFilterQuery", () => {
  test("writes the filter and keeps other parameters and the hash", () => {
    expect(withFilterQuery("https://x.test/blog?ref=mail#top", { search: "app store", category: "Business" })).toBe(
      "/blog?ref=mail&search=app+store&category=Business#top",
    );
  });
  test("leaves out empty values and All, so the plain page keeps its plain address", () => {
    expect(withFilterQuery("https://x.test/blog?search=app&category=Business", { search: " ", category: "All" })).toBe("/blog");
  });
  test("round-trips through filterFromQuery", () => {
    const categories = ["Technology", "Business"];
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("All", ...categories), (search, category) => {
        const url = new URL(withFilterQuery("https://x.test/blog", { search, category }), "https://x.test");
        const back = filterFromQuery(url.search, categories);
        return back.category === category && back.search === (search.trim() === "" ? "" : search);
      }),
    );
  });
});

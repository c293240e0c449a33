import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { postCategories, relatedPosts } from "../../../src/lib/blog.ts";

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
    const arbitraryPosts = fc.uniqueArray(
      fc.record({ slug: fc.string({ minLength: 1 }), category: fc.constantFrom("A", "B", "C") }),
      {
        selector: (p) => p.slug,
        minLength: 1,
      },
    );
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
    expect(
      postCategories([post("a", "Marketing"), post("b", "Technology")], ["Technology", "Business", "Marketing"]),
    ).toEqual(["Technology", "Marketing"]);
  });
});

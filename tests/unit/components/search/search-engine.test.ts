import { describe, expect, test } from "vitest";
import { createSiteSearch } from "../../../../src/components/search/search-engine.ts";
import type { SearchDocument } from "../../../../src/lib/search.ts";

const documents: SearchDocument[] = [
  {
    kind: "product",
    title: "Astroway",
    url: "/products/astroway",
    text: "Astrology consultation app with wallet refunds.",
  },
  {
    kind: "product",
    title: "Astroway",
    section: "Features",
    url: "/products/astroway#features",
    text: "Kundli matching and horoscopes.",
  },
  {
    kind: "faq",
    title: "What is your refund policy?",
    section: "Buying",
    url: "/faq#what-is-your-refund-policy",
    text: "90% before team assignment.",
  },
  {
    kind: "policy",
    title: "Refund and Support Policy",
    section: "Refund eligibility",
    url: "/refund#eligibility",
    text: "Before team assignment you get 90%.",
  },
  { kind: "article", title: "Launch an astrology app", url: "/blog/launch", text: "Eight weeks from idea to launch." },
];

describe("createSiteSearch", () => {
  const search = createSiteSearch(documents);

  test("should group hits by kind, the group with the best hit first", () => {
    const groups = search.search("refund");
    expect(groups.map((g) => g.kind)).toEqual(["policy", "faq", "product"]);
    expect(groups[0]?.label).toBe("Policies");
    expect(groups.find((g) => g.kind === "faq")?.hits[0]?.document.url).toBe("/faq#what-is-your-refund-policy");
  });

  test("should match the word being typed as a prefix", () => {
    expect(search.search("kund").flatMap((g) => g.hits.map((h) => h.document.url))).toEqual([
      "/products/astroway#features",
    ]);
  });

  test("should forgive a typo in a longer word", () => {
    expect(search.search("horoskopes").flatMap((g) => g.hits.map((h) => h.document.url))).toEqual([
      "/products/astroway#features",
    ]);
  });

  test("should need every word of the query", () => {
    expect(search.search("refund wallet").flatMap((g) => g.hits.map((h) => h.document.url))).toEqual([
      "/products/astroway",
    ]);
  });

  test("should report the words that matched, for highlighting", () => {
    const hit = search.search("refund").find((g) => g.kind === "product")?.hits[0];
    expect(hit?.terms).toEqual(["refunds"]);
  });

  test("should cut each group to the limit asked for and still count every hit", () => {
    const [astro] = search.search("astroway", 1);
    expect(astro?.hits).toHaveLength(1);
    expect(astro?.total).toBe(2);
  });

  test("should find nothing for a word the site does not have", () => {
    expect(search.search("zzzz")).toEqual([]);
  });
});

import { describe, expect, test } from "vitest";
import {
  decodeSearchIndex,
  encodeSearchIndex,
  faqAnswerIds,
  highlight,
  passage,
  type SearchDocument,
} from "../../../src/lib/search.ts";

describe("passage", () => {
  const text = `${"Lorem ipsum dolor sit amet. ".repeat(20)}You receive a full refund before team assignment. ${"Consectetur adipiscing elit. ".repeat(20)}`;

  test("should quote the text around the first matching word, with ellipses where text was left out", () => {
    const quoted = passage(text, ["refund"], 120);
    expect(quoted).toMatch(/^… .*refund.* …$/);
    expect(quoted.length).toBeLessThanOrEqual(124);
  });

  test("should cut at word boundaries", () => {
    const quoted = passage(text, ["refund"], 120).replace(/^… | …$/g, "");
    expect(text).toContain(quoted);
    expect(quoted.split(" ").every((word) => text.split(/\s+/).includes(word))).toBe(true);
  });

  test("should quote the opening when the match is not in the text", () => {
    expect(passage(text, ["nowhere"], 60)).toMatch(/^Lorem ipsum.* …$/);
  });

  test("should return a short text whole", () => {
    expect(passage("Short answer.", ["answer"])).toBe("Short answer.");
  });
});

describe("highlight", () => {
  test("should mark whole words equal to a matched term, whatever their case", () => {
    expect(highlight("Refunds and refund, not refundable.", ["refund", "refunds"])).toEqual([
      { text: "Refunds", match: true },
      { text: " and ", match: false },
      { text: "refund", match: true },
      { text: ", not refundable.", match: false },
    ]);
  });

  test("should treat terms as text, not as patterns", () => {
    expect(highlight("a.b and axb", ["a.b"])).toEqual([
      { text: "a.b", match: true },
      { text: " and axb", match: false },
    ]);
  });

  test("should return the text unmarked without terms", () => {
    expect(highlight("<b>not markup</b>", [])).toEqual([{ text: "<b>not markup</b>", match: false }]);
  });
});

describe("faqAnswerIds", () => {
  test("should slug each question and number repeats across categories", () => {
    const faq = [
      { category: "A", questions: [{ q: "Do I get the source?", a: "Yes." }] },
      {
        category: "B",
        questions: [
          { q: "Do I get the source?", a: "Still yes." },
          { q: "¿Qué?", a: "…" },
        ],
      },
    ];
    expect(faqAnswerIds(faq)).toEqual([["do-i-get-the-source"], ["do-i-get-the-source-2", "que"]]);
  });
});

describe("encodeSearchIndex and decodeSearchIndex", () => {
  const documents: SearchDocument[] = [
    { kind: "policy", title: "Refund Policy", url: "/refund", text: "Intro." },
    { kind: "policy", title: "Refund Policy", section: "Eligibility", url: "/refund#eligibility", text: "90%." },
    { kind: "faq", title: "Refunds?", section: "Buying", url: "/faq#refunds", text: "See the policy." },
  ];

  test("should list each page once and give back the same documents", () => {
    const file = encodeSearchIndex(documents);
    expect(file.pages).toHaveLength(2);
    expect(decodeSearchIndex(JSON.parse(JSON.stringify(file)))).toEqual(documents);
  });

  test("should refuse a file of another version or shape, saying what is wrong", () => {
    expect(() => decodeSearchIndex({ version: 1, documents: [] })).toThrow("expected a version 2 search index");
    expect(() => decodeSearchIndex({ version: 2, pages: [["nope", "t", "/x"]], passages: [] })).toThrow(
      "pages[0] is not [kind, title, path]",
    );
    expect(() =>
      decodeSearchIndex({ version: 2, pages: [["faq", "t", "/faq"]], passages: [[3, "", "", "x"]] }),
    ).toThrow("passages[0]");
  });
});

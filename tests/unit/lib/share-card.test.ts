import { describe, expect, test } from "vitest";
import { SHARE_CARD, shareCardAlt, shareCardPath, shareCardType } from "../../../src/lib/share-card.ts";

const article = { publishedTime: "2025-01-01", section: "Business", author: "A" };

describe("shareCardPath", () => {
  test.each([
    ["/", undefined, "/og/index.png"],
    ["/about", undefined, "/og/about.png"],
    ["/products/esim", undefined, "/og/products/esim.png"],
    ["/blog/launch-astrology-consultation-app", undefined, "/og/blog/launch-astrology-consultation-app.png"],
    ["/404.html", undefined, "/og/404.png"],
    // Underscore segments are never served, so a card never has one.
    ["/products/_404.html", undefined, "/og/products/404.png"],
    ["/blog/_404.html", undefined, "/og/blog/404.png"],
    // An article with a cover shares its cover's card; a page with a picture keeps its own; a page may show another's.
    ["/blog/launch", { image: "/images/blog/launch-cover.svg", article }, "/og/covers/blog/launch-cover.png"],
    ["/products/esim", { image: "/images/products/esim.svg" }, "/og/products/esim.png"],
    ["/blog/page/2", { shareCardOf: "/blog" }, "/og/blog.png"],
    // A card showing a photo is a JPEG.
    ["/blog/team", { image: "/images/blog/team.JPG", article }, "/og/covers/blog/team.jpg"],
    ["/products/esim", { image: "/images/products/esim-screen.png" }, "/og/products/esim.jpg"],
  ])("should name the share card of %s %j %s", (page, head, image) => {
    expect(shareCardPath(page, head)).toBe(image);
  });

  test("should give a .jpg card the JPEG type and any other the PNG type", () => {
    expect(["/og/covers/blog/team.jpg", "/og/products/esim.jpg", "/og/faq.png"].map(shareCardType)).toEqual([
      "image/jpeg",
      "image/jpeg",
      "image/png",
    ]);
  });
});

test("shareCardAlt says the card's title and the site, without repeating a site name the title has", () => {
  expect(shareCardAlt("FAQ", "Nexaworks Apps")).toBe("FAQ | Nexaworks Apps");
  expect(shareCardAlt("Nexaworks Apps: Launch your own SaaS", "Nexaworks Apps")).toBe(
    "Nexaworks Apps: Launch your own SaaS",
  );
});

test("SHARE_CARD is the 1.91:1 size networks expect, light enough for chat apps to preview", () => {
  expect(SHARE_CARD).toEqual({ width: 1200, height: 630, maxBytes: 300_000 });
});

import { describe, expect, test } from "vitest";
import { SHARE_CARD, shareCardAlt, shareCardPath, shareCardType } from "../../../src/lib/share-card.ts";

describe("shareCardPath", () => {
  test.each([
    ["/", "/og/index.png"],
    ["/about", "/og/about.png"],
    ["/products/esim", "/og/products/esim.png"],
    ["/blog/launch-astrology-consultation-app", "/og/blog/launch-astrology-consultation-app.png"],
    ["/404.html", "/og/404.png"],
    ["/products/_404.html", "/og/products/404.png"],
  ])("should name the share card of %s %s", (page, image) => {
    expect(shareCardPath(page)).toBe(image);
  });

  test("should give an article with a cover its cover's card, and a page with a picture its own card", () => {
    const article = { publishedTime: "2025-01-01", section: "Business", author: "A" };
    expect(shareCardPath("/blog/launch", { image: "/images/blog/launch-cover.svg", article })).toBe(
      "/og/covers/blog/launch-cover.png",
    );
    expect(shareCardPath("/products/esim", { image: "/images/products/esim.svg" })).toBe("/og/products/esim.png");
    expect(shareCardPath("/blog/page/2", { shareCardOf: "/blog" })).toBe("/og/blog.png");
  });

  test("should make the card of a page or cover with a photo a JPEG, and only that card", () => {
    const article = { publishedTime: "2025-01-01", section: "Business", author: "A" };
    const cover = shareCardPath("/blog/team", { image: "/images/blog/team.JPG", article });
    const product = shareCardPath("/products/esim", { image: "/images/products/esim-screen.png" });
    expect([cover, product]).toEqual(["/og/covers/blog/team.jpg", "/og/products/esim.jpg"]);
    expect([cover, product, shareCardPath("/faq")].map(shareCardType)).toEqual([
      "image/jpeg",
      "image/jpeg",
      "image/png",
    ]);
  });

  test("should never name a file the router refuses to serve (underscore segments)", () => {
    expect(
      shareCardPath("/blog/_404.html")
        .split("/")
        .some((segment) => segment.startsWith("_")),
    ).toBe(false);
  });
});

describe("shareCardAlt", () => {
  test("should say the card's title and the site", () => {
    expect(shareCardAlt("FAQ", "Nexaworks Apps")).toBe("FAQ | Nexaworks Apps");
  });

  test("should not repeat a site name the title already has", () => {
    expect(shareCardAlt("Nexaworks Apps: Launch your own SaaS business", "Nexaworks Apps")).toBe(
      "Nexaworks Apps: Launch your own SaaS business",
    );
  });
});

test("SHARE_CARD is the 1.91:1 size networks expect, light enough for chat apps to preview", () => {
  expect(SHARE_CARD).toEqual({ width: 1200, height: 630, maxBytes: 300_000 });
});

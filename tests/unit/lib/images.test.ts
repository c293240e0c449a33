import { describe, expect, test } from "vitest";
import { srcSet, variantPath, variantWidths } from "../../../src/lib/images.ts";

describe("image variants", () => {
  test("should name each sized copy after its source, width and format", () => {
    expect(variantPath("/images/blog/launch.jpg", 800, "avif")).toBe("/images/blog/launch.800w.avif");
    expect(variantPath("/images/blog/launch.png", 400, "png")).toBe("/images/blog/launch.400w.png");
  });

  test("should offer the widths up to the source's own, and the source's width when it is narrower than the top", () => {
    expect(variantWidths(720)).toContain(720);
    expect(Math.max(...variantWidths(720))).toBe(720);
  });

  test("should percent-encode a srcset's URLs, so a space or a comma in a file name does not end them", () => {
    const image = { width: 800, height: 600, widths: [400, 800], fallback: "jpeg" as const };
    expect(srcSet("/images/blog/My Photo, final.jpg", image, "avif")).toBe(
      "/images/blog/My%20Photo%2C%20final.400w.avif 400w, /images/blog/My%20Photo%2C%20final.800w.avif 800w",
    );
    expect(srcSet("/images/blog/launch.jpg", image, "webp")).toBe(
      "/images/blog/launch.400w.webp 400w, /images/blog/launch.800w.webp 800w",
    );
  });
});

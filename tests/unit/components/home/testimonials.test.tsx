import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Stars } from "../../../../src/components/home/testimonials.tsx";

/** The stylesheet that draws the stars: a star mask repeated every 20 px, across the width the rating asks for. */
const css = readFileSync(new URL("../../../../src/styles/pages/home.css", import.meta.url), "utf8");

/** The width in px the stylesheet gives a rating's stars: its own rule, else the base rule's (five stars). */
function starsWidth(rating: number): number | undefined {
  const own = new RegExp(`\\.testimonial-card__stars\\[data-rating="${rating}"\\]\\s*\\{[^}]*?width:\\s*(\\d+)px`).exec(
    css,
  );
  const base = /\.testimonial-card__stars\s*\{[^}]*?width:\s*(\d+)px/.exec(css);
  const width = own?.[1] ?? base?.[1];
  return width === undefined ? undefined : Number(width);
}

describe("the testimonial rating stars", () => {
  test("are one star 20 px wide, repeated side by side, never stretched", () => {
    expect(css).toMatch(/\.testimonial-card__stars\s*\{[^}]*mask:[^;]*0 0 \/ 20px 20px repeat-x;/);
  });

  test.each([1, 2, 3, 4, 5])("a rating of %i is read out and drawn as that many stars", (rating) => {
    const html = renderToStaticMarkup(<Stars rating={rating} />);
    expect(html).toContain('role="img"');
    expect(html).toContain(`aria-label="Rated ${rating} out of 5"`);
    expect(html).toContain(`data-rating="${rating}"`);
    expect(starsWidth(rating)).toBe(rating * 20);
  });
});

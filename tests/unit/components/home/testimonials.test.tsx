import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Stars } from "../../../../src/components/home/testimonials.tsx";

/** The stylesheet that draws the stars: a star mask one icon wide, repeated across the width the rating asks for. */
const css = readFileSync(new URL("../../../../src/styles/pages/home.css", import.meta.url), "utf8");

/** How many icon widths wide the stylesheet makes a rating's stars: its own rule, else the base rule's. */
function starsWide(rating: number): number | undefined {
  const width = String.raw`width:\s*calc\((\d+) \* var\(--icon\)\)`;
  const own = new RegExp(String.raw`\.testimonial-card__stars\[data-rating="${rating}"\]\s*\{[^}]*?` + width).exec(css);
  const base = new RegExp(String.raw`\.testimonial-card__stars\s*\{[^}]*?` + width).exec(css);
  const count = own?.[1] ?? base?.[1];
  return count === undefined ? undefined : Number(count);
}

describe("the testimonial rating stars", () => {
  test("are one star an icon wide and high, repeated side by side, never stretched", () => {
    expect(css).toMatch(
      /\.testimonial-card__stars\s*\{[^}]*height: var\(--icon\);[^}]*mask:[^;]*0 0 \/ var\(--icon\) var\(--icon\) repeat-x;/,
    );
  });

  test.each([1, 2, 3, 4, 5])("a rating of %i is read out and drawn as that many stars", (rating) => {
    const html = renderToStaticMarkup(<Stars rating={rating} />);
    expect(html).toContain('role="img"');
    expect(html).toContain(`aria-label="Rated ${rating} out of 5"`);
    expect(html).toContain(`data-rating="${rating}"`);
    expect(starsWide(rating)).toBe(rating);
  });
});

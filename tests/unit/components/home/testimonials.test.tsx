import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Stars } from "../../../../src/components/home/testimonials.tsx";

type Point = [number, number];

/**
 * The outline of each subpath of an SVG path made of moves, lines and closes (what the star path uses), as absolute
 * points: the shape a browser fills, one list per star.
 */
function subpaths(d: string): Point[][] {
  const tokens = d.match(/[MmLlZz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const shapes: Point[][] = [];
  let command = "";
  let at: Point = [0, 0];
  let start: Point = [0, 0];
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i] ?? "";
    if (/[A-Za-z]/.test(token)) {
      command = token;
      i += 1;
      if (command === "z" || command === "Z") {
        at = start;
        command = "";
      }
      continue;
    }
    const [x, y] = [Number(tokens[i]), Number(tokens[i + 1])];
    i += 2;
    const relative = command === command.toLowerCase();
    at = relative ? [at[0] + x, at[1] + y] : [x, y];
    if (command === "M" || command === "m") {
      start = at;
      shapes.push([at]);
      command = relative ? "l" : "L"; // further pairs after a move are lines
    } else if (command === "L" || command === "l") {
      shapes.at(-1)?.push(at);
    } else throw new Error(`unexpected ${command} in ${d}`);
  }
  return shapes;
}

describe("the testimonial rating stars", () => {
  test.each([1, 2, 3, 4, 5])(
    "a rating of %i draws that many separate stars side by side, none with a line back into the first",
    (rating) => {
      const html = renderToStaticMarkup(<Stars rating={rating} />);
      expect(html).toContain(`aria-label="Rated ${rating} out of 5"`);
      const paths = [...html.matchAll(/<path d="([^"]+)"/g)].map(([, d]) => d ?? "");
      expect(paths).toHaveLength(1);
      const stars = subpaths(paths[0] ?? "");
      expect(stars).toHaveLength(rating);
      const first = stars[0] ?? [];
      expect(first).toHaveLength(10);
      for (const [n, star] of stars.entries()) {
        // Every point of star n lies in its own 24-unit cell, and the star is the first one moved 24 × n to the right.
        for (const [x, y] of star) {
          expect(x, `star ${n + 1}`).toBeGreaterThanOrEqual(24 * n);
          expect(x, `star ${n + 1}`).toBeLessThanOrEqual(24 * (n + 1));
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(24);
        }
        expect(star.map(([x, y]) => [round(x - 24 * n), round(y)])).toEqual(
          first.map(([x, y]) => [round(x), round(y)]),
        );
      }
    },
  );
});

const round = (value: number) => Math.round(value * 1000) / 1000;

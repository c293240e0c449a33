import { describe, expect, test } from "vitest";
import { foldOpacity } from "../../../../build/images/fold-opacity.ts";
import { draw, largestDifference } from "./pixel-diff.ts";

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><rect width="200" height="100" fill="#0f172a"/>${body}</svg>`;

describe("foldOpacity", () => {
  test("should fold the opacity of a shape that only fills into its fill, drawing the same picture within rounding", async () => {
    const faint = svg('<circle cx="60" cy="50" r="40" fill="#22d3ee" opacity="0.08"/><g fill-opacity="0.5"><rect x="110" y="20" width="60" height="60" fill="#f8fafc" opacity=".4"/></g>');
    const folded = foldOpacity(faint);
    expect(folded).toContain('<circle cx="60" cy="50" r="40" fill="#22d3ee" fill-opacity="0.08"/>');
    expect(folded).toContain('fill="#f8fafc" fill-opacity="0.2"/>'); // multiplied by the inherited 0.5
    expect(folded).not.toMatch(/\sopacity=/);
    expect(largestDifference(await draw(folded, 200), await draw(faint, 200))).toBeLessThanOrEqual(2);
  });

  test("should fold the opacity of a line that only strokes into its stroke", () => {
    expect(foldOpacity(svg('<path d="M0 90 H200" stroke="#22d3ee" stroke-width="4" fill="none" opacity="0.25"/>'))).toContain(
      '<path d="M0 90 H200" stroke="#22d3ee" stroke-width="4" fill="none" stroke-opacity="0.25"/>',
    );
  });

  test("should keep the opacity of a shape that fills and strokes, also when the stroke comes from its group", () => {
    const both = svg('<circle cx="60" cy="50" r="40" fill="#fff" stroke="#000" opacity="0.5"/>');
    const inherited = svg('<g stroke="#000"><circle cx="60" cy="50" r="40" fill="#fff" opacity="0.5"/></g>');
    expect(foldOpacity(both)).toBe(both);
    expect(foldOpacity(inherited)).toBe(inherited);
  });

  test("should keep groups, filtered shapes and SVGs styled by CSS as they are", () => {
    const group = svg('<g opacity="0.5"><circle cx="60" cy="50" r="40" fill="#fff"/><circle cx="90" cy="50" r="40" fill="#fff"/></g>');
    const filtered = svg('<circle cx="60" cy="50" r="40" fill="#fff" filter="url(#f)" opacity="0.5"/>');
    const styled = svg('<style>circle { stroke: red }</style><circle cx="60" cy="50" r="40" fill="#fff" opacity="0.5"/>');
    for (const text of [group, filtered, styled]) expect(foldOpacity(text)).toBe(text);
  });
});

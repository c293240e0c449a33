import { describe, expect, test } from "vitest";
import { clipTo, over } from "../../../../build/images/pixels.ts";
import { draw, largestDifference } from "./pixel-diff.ts";

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80">${body}</svg>`;
const ground = '<rect width="160" height="80" fill="#0b1024"/><circle cx="30" cy="40" r="50" fill="#151c3b"/>';
const shapes = '<circle cx="80" cy="40" r="30" fill="#7c3aed" fill-opacity="0.4"/><rect x="100" y="10" width="50" height="20" rx="6" fill="#f8fafc"/>';
const frame = '<rect width="160" height="80" rx="16"/>';

describe("over", () => {
  test("should give what drawing the shapes straight onto the ground gives, within one step of rounding", async () => {
    const layered = over(await draw(svg(ground), 160), await draw(svg(shapes), 160));
    expect(largestDifference(layered, await draw(svg(ground + shapes), 160))).toBeLessThanOrEqual(1);
  });

  test("should refuse layers of different sizes", async () => {
    expect(() => over({ width: 2, height: 1, data: new Uint8Array(8) }, { width: 1, height: 2, data: new Uint8Array(8) })).toThrow("Cannot lay a 1×2 image over a 2×1 one");
  });
});

describe("clipTo", () => {
  test("should cut a picture to a shape as a clip path would, within one step of rounding", async () => {
    // Shapes on whole pixels: their own edges would be drawn a little differently inside the clip's layer.
    const picture = '<rect width="160" height="80" fill="#ccfbf1"/><rect x="20" y="10" width="60" height="40" fill="#0d9488"/>';
    const clipped = clipTo(await draw(svg(picture), 160), await draw(svg(frame), 160));
    const byResvg = await draw(svg(`<clipPath id="c">${frame}</clipPath><g clip-path="url(#c)">${picture}</g>`), 160);
    expect(clipped.data[3]).toBe(0); // the corner is cut away
    expect(largestDifference(clipped, byResvg)).toBeLessThanOrEqual(1);
  });
});

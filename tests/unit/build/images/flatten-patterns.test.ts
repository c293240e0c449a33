import { Resvg } from "@resvg/resvg-wasm";
import { describe, expect, test } from "vitest";
import { flattenPatterns } from "../../../../build/images/flatten-patterns.ts";
import { svgToPng } from "../../../../build/images/raster.ts";

const background =
  '<defs><pattern id="p0" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox"><radialGradient id="g0" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="300" spreadMethod="pad"><stop offset="0" stop-color="#151c3b"/><stop offset="1" stop-color="#0b1024"/></radialGradient><rect x="0" y="0" width="200" height="100" fill="url(#g0)"/></pattern></defs><rect x="0" y="0" width="200" height="100" fill="url(#p0)"/>';
const offset =
  '<defs><pattern id="p1" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox"><linearGradient id="g1" x1="0" y1="0" x2="1" y2="0" spreadMethod="pad"><stop offset="0%" stop-color="#4f46e5"/><stop offset="100%" stop-color="#0ea5e9"/></linearGradient><rect x="0" y="0" width="50" height="20" fill="url(#g1)"/></pattern></defs><rect x="60" y="40" width="50" height="20" fill="url(#p1)"/>';
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">${body}</svg>`;
const pixels = async (text: string) => Buffer.from(await svgToPng(text, { width: 200, fonts: [], family: "Inter" }));

describe("flattenPatterns", () => {
  test("should fill a full-size background with its gradient directly, with the same pixels", async () => {
    const flat = flattenPatterns(svg(background));
    expect(flat).not.toContain("<pattern");
    expect(flat).toContain('fill="url(#g0)"');
    expect(await pixels(flat)).toEqual(await pixels(svg(background)));
  });

  test("should fill an element anywhere with a gradient laid out on its box, with the same pixels", async () => {
    const flat = flattenPatterns(svg(offset));
    expect(flat).not.toContain("<pattern");
    expect(await pixels(flat)).toEqual(await pixels(svg(offset)));
  });

  test("should leave a pattern in user space on an element away from the origin as it is", () => {
    const moved = background.replace('<rect x="0" y="0" width="200" height="100" fill="url(#p0)"/>', '<rect x="10" y="0" width="200" height="100" fill="url(#p0)"/>');
    expect(flattenPatterns(svg(moved))).toBe(svg(moved));
  });

  test("should keep resvg able to read the result", () => {
    expect(() => new Resvg(flattenPatterns(svg(background + offset))).free()).not.toThrow();
  });
});

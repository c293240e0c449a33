import { describe, expect, test } from "vitest";
import { dropBoxClips } from "../../../../build/images/drop-box-clips.ts";
import { draw, largestDifference } from "./pixel-diff.ts";

// As satori writes an image in a rounded frame: a mask and a clip of its own box, the clip itself clipped by the frame.
const framed =
  '<clipPath id="frame"><path d="M30,10 h100 a20,20 0 0 1 20,20 v40 a20,20 0 0 1 -20,20 h-100 a20,20 0 0 1 -20,-20 v-40 a20,20 0 0 1 20,-20"/></clipPath>' +
  '<mask id="m0"><rect x="10" y="10" width="140" height="80" fill="#fff"/></mask><clipPath id="box" clip-path="url(#frame)"><rect x="10" y="10" width="140" height="80"/></clipPath>' +
  '<mask id="m1"><rect x="10" y="10" width="140" height="80" fill="#fff" mask="url(#m0)"/></mask>' +
  '<rect x="10" y="10" width="140" height="80" fill="#7c3aed" clip-path="url(#box)" mask="url(#m1)"/>';
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100"><rect width="160" height="100" fill="#0b1024"/>${body}</svg>`;

describe("dropBoxClips", () => {
  test("should drop masks and clips of an element's own box and keep its rounded frame, with the same pixels", async () => {
    const dropped = dropBoxClips(svg(framed));
    expect(dropped).toContain('<rect x="10" y="10" width="140" height="80" fill="#7c3aed" clip-path="url(#frame)"/>');
    expect(largestDifference(await draw(dropped, 160), await draw(svg(framed), 160))).toBe(0);
  });

  test("should keep a mask or clip that cuts the element, or an element off whole pixels", () => {
    const smaller = svg(framed.replace('<rect x="10" y="10" width="140" height="80" fill="#fff"/>', '<rect x="20" y="10" width="130" height="80" fill="#fff"/>'));
    expect(dropBoxClips(smaller)).toContain('mask="url(#m1)"');
    const between = svg(framed.replaceAll('x="10"', 'x="10.5"'));
    expect(dropBoxClips(between)).toBe(between);
  });
});

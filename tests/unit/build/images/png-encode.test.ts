import { describe, expect, test } from "vitest";
import { encodePng, pngSize } from "../../../../build/images/png.ts";
import { decodePng, draw, largestDifference } from "./pixel-diff.ts";

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60">${body}</svg>`;
const opaque = svg('<rect width="120" height="60" fill="#0b1024"/><circle cx="40" cy="30" r="22" fill="#7c3aed"/><rect x="70" y="10" width="40" height="40" fill="#0ea5e9" fill-opacity="0.5"/>');
const translucent = svg('<circle cx="60" cy="30" r="25" fill="#4f46e5" fill-opacity="0.6"/>');

describe("encodePng", () => {
  test("should write an opaque picture as an RGB PNG that reads back pixel for pixel", async () => {
    const pixels = await draw(opaque, 120);
    const png = encodePng(pixels);
    expect(pngSize(png)).toEqual({ width: 120, height: 60 });
    expect(png[25]).toBe(2); // colour type RGB: no alpha channel to store
    expect(largestDifference(await decodePng(png, 120, 60), pixels)).toBe(0);
  });

  test("should keep transparency, with soft edges within one step of the drawn picture", async () => {
    const pixels = await draw(translucent, 120);
    const png = encodePng(pixels);
    expect(png[25]).toBe(6); // RGBA
    const back = await decodePng(png, 120, 60);
    expect(back.data[3]).toBe(0); // a corner stays transparent
    expect(largestDifference(back, pixels)).toBeLessThanOrEqual(1);
  });
});

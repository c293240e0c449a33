import sharp from "sharp";
import { expect, test } from "vitest";
import { pngSize } from "../../../../build/plugins/drawing/png.ts";

/** Drawn icons and artwork are checked by their headers, without decoding them. */
test("pngSize reads a PNG's size from its header, and nothing from other bytes", async () => {
  const image = sharp({ create: { width: 321, height: 123, channels: 3, background: "#a0c0e0" } });
  const png = await image.clone().png().toBuffer();
  expect(pngSize(png)).toEqual({ width: 321, height: 123 });
  const jpeg = await image.clone().jpeg().toBuffer();
  expect([pngSize(jpeg), pngSize(png.subarray(0, 8))]).toEqual([undefined, undefined]);
});

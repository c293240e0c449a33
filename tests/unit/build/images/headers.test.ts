import sharp from "sharp";
import { expect, test } from "vitest";
import { jpegIsWhole, jpegSize } from "../../../../build/plugins/drawing/jpeg.ts";
import { pngSize } from "../../../../build/plugins/drawing/png.ts";

/** The drawn cards and icons are checked by their headers, without decoding them. */
test("jpegSize and pngSize read a file's size from its header, and nothing from other bytes", async () => {
  const image = sharp({ create: { width: 321, height: 123, channels: 3, background: "#a0c0e0" } });
  const baseline = await image.clone().jpeg().toBuffer();
  const progressive = await image.clone().jpeg({ progressive: true }).toBuffer();
  const png = await image.clone().png().toBuffer();
  const size = { width: 321, height: 123 };
  expect([jpegSize(baseline), jpegSize(progressive), pngSize(png)]).toEqual([size, size, size]);
  expect([jpegSize(png), jpegSize(baseline.subarray(0, 8)), pngSize(baseline), pngSize(png.subarray(0, 8))]).toEqual(
    Array(4).fill(undefined),
  );
});

test("jpegIsWhole tells a JPEG cut short", async () => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
    .jpeg()
    .toBuffer();
  expect([jpegIsWhole(jpeg), jpegIsWhole(jpeg.subarray(0, -10))]).toEqual([true, false]);
});

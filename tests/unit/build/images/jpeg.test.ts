import sharp from "sharp";
import { expect, test } from "vitest";
import { jpegIsWhole, jpegSize } from "../../../../build/plugins/drawing/jpeg.ts";

test("jpegSize reads a baseline and a progressive JPEG's size, and nothing from other bytes", async () => {
  const image = sharp({ create: { width: 321, height: 123, channels: 3, background: "#a0c0e0" } });
  const baseline = await image.clone().jpeg().toBuffer();
  const progressive = await image.clone().jpeg({ progressive: true }).toBuffer();
  expect([jpegSize(baseline), jpegSize(progressive)]).toEqual(Array(2).fill({ width: 321, height: 123 }));
  expect(jpegSize(await image.clone().png().toBuffer())).toBeUndefined();
  expect(jpegSize(baseline.subarray(0, 8))).toBeUndefined();
});

test("jpegIsWhole tells a JPEG cut short", async () => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
    .jpeg()
    .toBuffer();
  expect([jpegIsWhole(jpeg), jpegIsWhole(jpeg.subarray(0, -10))]).toEqual([true, false]);
});

import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { comparePictures } from "../../e2e/pictures.ts";

/**
 * The looks spec's comparison on a real baseline: what a browser update does to a picture (antialiasing, a row more or
 * less at the end of a page) passes; a change a visitor would see, to 5% of the page, fails.
 */
const BASELINE = path.resolve(
  import.meta.dirname,
  "../../e2e/looks.spec.ts-snapshots/home-390-light-chromium-linux.png",
);

let raw: { data: Buffer; width: number; height: number };
beforeAll(async () => {
  const { data, info } = await sharp(await readFile(BASELINE))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  raw = { data, width: info.width, height: info.height };
});

/** The baseline, changed pixel by pixel by `change` (which returns the new RGB, or nothing to keep it). */
async function planted(
  change: (x: number, y: number, rgb: [number, number, number]) => [number, number, number] | undefined,
  height = raw.height,
): Promise<Buffer> {
  const data = Buffer.from(raw.data.subarray(0, raw.width * height * 4));
  for (let index = 0; index < data.length; index += 4) {
    const pixel = index / 4;
    const rgb = change(pixel % raw.width, Math.floor(pixel / raw.width), [
      data[index] ?? 0,
      data[index + 1] ?? 0,
      data[index + 2] ?? 0,
    ]);
    if (rgb) data.set(rgb, index);
  }
  return sharp(data, { raw: { width: raw.width, height, channels: 4 } })
    .png()
    .toBuffer();
}

describe("a screenshot compared with its baseline", () => {
  test("fails when a band of 5% of the page changes colour", async () => {
    const top = Math.floor(raw.height * 0.4);
    const band = Math.ceil(raw.height * 0.05);
    const result = await comparePictures(
      await planted((_x, y, [r, g, b]) => (y >= top && y < top + band ? [255 - r, 255 - g, 255 - b] : undefined)),
      await readFile(BASELINE),
    );
    expect(result.pass).toBe(false);
    expect(result.reason).toMatch(/^[45]\.\d\d% of its pixels differ/);
    expect(result.diff).toBeDefined();
  });

  test("fails when 5% of its pixels, spread over the page, move by a visible step", async () => {
    const result = await comparePictures(
      await planted((x, y, [r, g, b]) => ((x + y * 7) % 20 === 0 ? [(r + 128) % 256, (g + 128) % 256, b] : undefined)),
      await readFile(BASELINE),
    );
    expect(result.pass).toBe(false);
  });

  test("fails when its width changes, or its height by more than two rows", async () => {
    const narrower = await sharp(await readFile(BASELINE))
      .extract({ left: 0, top: 0, width: raw.width - 1, height: raw.height })
      .png()
      .toBuffer();
    expect((await comparePictures(narrower, await readFile(BASELINE))).reason).toMatch(/size changed/);
    const shorter = await planted(() => undefined, raw.height - 3);
    expect((await comparePictures(shorter, await readFile(BASELINE))).pass).toBe(false);
  });

  test("passes a page that ends a row sooner and text edges a browser update drew a little lighter", async () => {
    const drifted = await planted(
      (x, y, [r, g, b]) =>
        (x * 31 + y) % 3 === 0 ? [Math.min(255, r + 30), Math.min(255, g + 30), Math.min(255, b + 30)] : undefined,
      raw.height - 1,
    );
    expect(await comparePictures(drifted, await readFile(BASELINE))).toMatchObject({ pass: true });
  });
});

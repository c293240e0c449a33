import { describe, expect, test } from "vitest";
import { pngsToIco } from "../../../../build/plugins/site-icons/ico.ts";
import { pngSize } from "../../../../build/plugins/drawing/png.ts";
import { svgToPng } from "../../../../build/plugins/drawing/raster.ts";

const square = (size: number) =>
  svgToPng(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#4f46e5"/></svg>`,
    {
      width: size,
      fonts: [],
      family: "sans-serif",
    },
  );

/** Width, height and the PNG bytes of each directory entry, read back as a browser would. */
function readIco(ico: Uint8Array) {
  const view = Buffer.from(ico);
  expect([view.readUInt16LE(0), view.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: view.readUInt16LE(4) }, (_, i) => {
    const at = 6 + i * 16;
    const bytes = view.subarray(view.readUInt32LE(at + 12), view.readUInt32LE(at + 12) + view.readUInt32LE(at + 8));
    return {
      width: view.readUInt8(at) || 256,
      height: view.readUInt8(at + 1) || 256,
      bits: view.readUInt16LE(at + 6),
      image: pngSize(bytes),
    };
  });
}

describe("pngsToIco", () => {
  test("should hold each PNG with its size in the directory", async () => {
    const ico = pngsToIco(await Promise.all([16, 32, 48].map(square)));
    expect(readIco(ico)).toEqual(
      [16, 32, 48].map((size) => ({ width: size, height: size, bits: 32, image: { width: size, height: size } })),
    );
  });

  test("should write 256 pixels as 0, as the format requires", async () => {
    expect(Buffer.from(pngsToIco([await square(256)])).readUInt8(6)).toBe(0);
    expect(readIco(pngsToIco([await square(256)]))[0]).toMatchObject({ width: 256, image: { width: 256 } });
  });

  test("should refuse images an ICO cannot hold", async () => {
    expect(() => pngsToIco([new Uint8Array(40)])).toThrow("Image 0 is not a PNG");
    await expect(square(300).then((png) => pngsToIco([png]))).rejects.toThrow(
      "Image 0 is 300×300; ICO entries are at most 256×256",
    );
  });
});

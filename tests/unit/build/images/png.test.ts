import { describe, expect, test } from "vitest";
import { pngSize } from "../../../../build/plugins/drawing/png.ts";
import { svgToPng } from "../../../../build/plugins/drawing/raster.ts";

describe("pngSize", () => {
  test("should read width and height from the header of a PNG", async () => {
    const png = await svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>', {
      width: 120,
      fonts: [],
      family: "sans-serif",
    });
    expect(pngSize(png)).toEqual({ width: 120, height: 60 });
  });

  test("should say undefined for anything else", () => {
    expect(pngSize(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(pngSize(new Uint8Array(8))).toBeUndefined();
  });
});

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-wasm";
import { beforeAll, describe, expect, test } from "vitest";
import { resvgReady } from "../../../../build/plugins/drawing/raster.ts";
import { woffToSfnt } from "../../../../build/plugins/drawing/woff.ts";

const require = createRequire(import.meta.url);
const interWoff = () => readFile(require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff"));

/** Dark pixels when resvg draws "Hello" with the given fonts and no system font. */
function inkedPixels(fonts: Uint8Array[]): number {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="45" font-family="Inter" font-size="40" fill="#000">Hello</text></svg>';
  const image = new Resvg(svg, {
    background: "#ffffff",
    font: { fontBuffers: fonts, defaultFontFamily: "Inter" },
  }).render();
  let dark = 0;
  for (let i = 0; i < image.pixels.length; i += 4) if ((image.pixels[i] ?? 255) < 128) dark += 1;
  return dark;
}

describe("woffToSfnt", () => {
  // Through the build's own initialisation: the test files share one process, and resvg starts once per process.
  beforeAll(() => resvgReady());

  test("should unpack the bundled Inter into a font resvg draws text with", async () => {
    const sfnt = woffToSfnt(await interWoff());
    expect(inkedPixels([])).toBe(0);
    expect(inkedPixels([sfnt])).toBeGreaterThan(200);
  });

  test("should keep every table and the font's flavour", async () => {
    const woff = await interWoff();
    const sfnt = Buffer.from(woffToSfnt(woff));
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    expect(sfnt.length).toBeGreaterThan(woff.length);
  });

  test("should refuse WOFF2 and other files with a message", async () => {
    const woff2 = await readFile(require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff2"));
    expect(() => woffToSfnt(woff2)).toThrow("Expected a WOFF 1.0 font (signature wOFF)");
    expect(() => woffToSfnt(new Uint8Array(10))).toThrow("Expected a WOFF 1.0 font");
  });
});

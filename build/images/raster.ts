import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const require = createRequire(import.meta.url);
/** resvg's WebAssembly, read from disk (not imported): the share card cache keys by its bytes. */
export const RESVG_WASM = require.resolve("@resvg/resvg-wasm/index_bg.wasm");
let ready: Promise<void> | undefined;

export interface RasterOptions {
  /** Output width in pixels; the height follows the SVG's aspect ratio. */
  width: number;
  /** TrueType/OpenType fonts for <text> in the SVG; no system font is ever used, so output is the same everywhere. */
  fonts: Uint8Array[];
  /** The family used for generic names (sans-serif, system-ui) and unknown ones. */
  family: string;
  /** Fill behind transparent pixels, e.g. "#ffffff"; transparent when absent. */
  background?: string;
}

/** Renders an SVG to PNG bytes with resvg (WebAssembly: no native binary, the same pixels on every platform). */
export async function svgToPng(svg: string | Uint8Array, options: RasterOptions): Promise<Uint8Array> {
  // resvg's WebAssembly may be initialised only once per process.
  ready ??= initWasm(readFile(RESVG_WASM));
  await ready;
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: options.width },
    background: options.background,
    font: { fontBuffers: options.fonts, defaultFontFamily: options.family, sansSerifFamily: options.family },
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/** An SVG's size as resvg reads it (width and height, else the viewBox); undefined when it cannot be parsed. */
export async function svgSize(svg: string | Uint8Array): Promise<{ width: number; height: number } | undefined> {
  ready ??= initWasm(readFile(RESVG_WASM));
  await ready;
  try {
    const resvg = new Resvg(svg);
    try {
      return { width: resvg.width, height: resvg.height };
    } finally {
      resvg.free();
    }
  } catch {
    return undefined;
  }
}

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import { initWasm, Resvg, type ResvgRenderOptions } from "@resvg/resvg-wasm";
import type { Pixels } from "./pixels.ts";

const require = createRequire(import.meta.url);
let ready: Promise<void> | undefined;

/**
 * V8 runs WebAssembly first from a quick baseline compile and later compiles its hot functions again, optimized, on
 * other threads. For the few dozen images a build draws that second compile of resvg costs more CPU than it saves
 * (about 500 ms against a 1.9 s drawing of the site's 31 cards; the same pixels), so it is put off beyond any build's
 * reach. The flag is process-wide but concerns only WebAssembly instantiated after it: resvg, and satori's layout
 * engine; the build runs no other. Drawing hundreds of cards cold would take about a tenth longer than with it.
 */
const TIER_UP_NEVER = "--wasm-tiering-budget=100000000";

/** Loads resvg's WebAssembly once per process (it may be initialised only once). */
function loadResvg(): Promise<void> {
  if (!ready) setFlagsFromString(TIER_UP_NEVER);
  ready ??= initWasm(readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
  return ready;
}

export interface RasterOptions {
  /** Output width in pixels; the height follows the SVG's aspect ratio. */
  width: number;
  /** TrueType/OpenType fonts for <text> in the SVG; no system font is ever used, so output is the same everywhere. */
  fonts: Uint8Array[];
  /** The family used for generic names (sans-serif, system-ui) and unknown ones. */
  family: string;
  /** Fill behind transparent pixels, e.g. "#ffffff"; transparent when absent. */
  background?: string;
  /**
   * How bitmaps in the SVG are resampled: "smooth" (default) or "nearest". A bitmap drawn at its own size on whole
   * pixels comes out the same either way, and "nearest" then skips a filter that costs more than the rest of a card.
   */
  images?: "smooth" | "nearest";
}

/** Renders an SVG to PNG bytes with resvg (WebAssembly: no native binary, the same pixels on every platform). */
export async function svgToPng(svg: string | Uint8Array, options: RasterOptions): Promise<Uint8Array> {
  await loadResvg();
  const resvg = new Resvg(svg, resvgOptions(options));
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

/**
 * Renders an SVG to premultiplied RGBA pixels, for images composed of layers before they are encoded once.
 * @param height when given, the SVG is drawn only if it comes out this tall at `width`; otherwise undefined is returned
 */
export async function svgToPixels(svg: string | Uint8Array, options: RasterOptions & { height: number }): Promise<Pixels | undefined>;
export async function svgToPixels(svg: string | Uint8Array, options: RasterOptions): Promise<Pixels>;
export async function svgToPixels(svg: string | Uint8Array, options: RasterOptions & { height?: number }): Promise<Pixels | undefined> {
  await loadResvg();
  const resvg = new Resvg(svg, resvgOptions(options));
  try {
    // width and height are the SVG's own size, before fitting it to the width asked for.
    if (options.height !== undefined && Math.round((options.width * resvg.height) / resvg.width) !== options.height) return undefined;
    const image = resvg.render();
    try {
      return { width: image.width, height: image.height, data: image.pixels };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

function resvgOptions(options: RasterOptions): ResvgRenderOptions {
  return {
    fitTo: { mode: "width", value: options.width },
    background: options.background,
    imageRendering: options.images === "nearest" ? 1 : 0,
    font: { fontBuffers: options.fonts, defaultFontFamily: options.family, sansSerifFamily: options.family },
  };
}

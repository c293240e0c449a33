import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import sharp from "sharp";

const require = createRequire(import.meta.url);
/** resvg's WebAssembly, read from disk (not imported): cached images key by its bytes. */
export const RESVG_WASM = require.resolve("@resvg/resvg-wasm/index_bg.wasm");
/** The native libraries sharp renders with (libvips, librsvg…): cached images key by their versions. */
export const SHARP_VERSIONS = JSON.stringify(sharp.versions);
let ready: Promise<void> | undefined;

/** resvg's WebAssembly, initialised once per process (a second initWasm throws), whoever asks first. */
export function resvgReady(): Promise<void> {
  ready ??= initWasm(readFile(RESVG_WASM));
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
}

/**
 * Renders an SVG to PNG bytes. SVG without text goes to sharp (native librsvg, on libuv's thread pool, so the build
 * lays out the next card while this one is drawn). SVG with <text> goes to resvg with the fonts given: librsvg would
 * pick whatever fonts the machine has installed, and a card must look the same on every machine.
 */
export async function svgToPng(svg: string | Uint8Array, options: RasterOptions): Promise<Uint8Array> {
  return hasText(svg) ? resvgPng(svg, options) : sharpPng(svg, options);
}

/** Width and height of an image (SVG, PNG, JPEG, WebP, AVIF…) as it declares them; undefined when unreadable. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number } | undefined> {
  const { width, height } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  return width && height ? { width, height } : undefined;
}

const TEXT = /<text[\s>]/;
const hasText = (svg: string | Uint8Array) =>
  TEXT.test(typeof svg === "string" ? svg : Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength).toString("latin1"));

async function sharpPng(svg: string | Uint8Array, { width, background }: RasterOptions): Promise<Uint8Array> {
  const input = typeof svg === "string" ? Buffer.from(svg) : svg;
  const size = await imageSize(input);
  if (!size) throw new Error("The SVG has no size (width and height, or a viewBox)");
  // librsvg draws at `density` dots per inch, 72 being the SVG's own size: drawn at the width asked for, not scaled.
  let image = sharp(input, { density: (72 * width) / size.width }).resize({ width });
  if (background) image = image.flatten({ background });
  return image.png().toBuffer();
}

async function resvgPng(svg: string | Uint8Array, options: RasterOptions): Promise<Uint8Array> {
  await resvgReady();
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

import type { Pixels } from "../../../../build/images/pixels.ts";
import { svgToPixels } from "../../../../build/images/raster.ts";

/** The largest difference in any channel of any pixel between two images of one size. */
export function largestDifference(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
  let largest = 0;
  for (let i = 0; i < a.data.length; i += 1) largest = Math.max(largest, Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)));
  return largest;
}

/** A PNG's pixels as resvg reads them (premultiplied), drawn at its own size. */
export function decodePng(png: Uint8Array, width: number, height: number): Promise<Pixels> {
  const href = `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="${href}"/></svg>`;
  return svgToPixels(svg, { width, fonts: [], family: "sans-serif", images: "nearest" });
}

export const draw = (svg: string, width: number) => svgToPixels(svg, { width, fonts: [], family: "sans-serif" });

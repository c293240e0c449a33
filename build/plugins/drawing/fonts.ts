import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { woffToSfnt } from "./woff.ts";

const require = createRequire(import.meta.url);

/** The weights share cards use: body, labels, headings, the title. */
const WEIGHTS = [400, 600, 700, 800] as const;
export type FontWeight = (typeof WEIGHTS)[number];
const fontFile = (weight: FontWeight) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
/** The font files cards are drawn with, read from disk (not imported): the share card cache keys by their bytes. */
export const BRAND_FONT_FILES = WEIGHTS.map(fontFile);

export interface BrandFonts {
  family: string;
  /**
   * For satori, unpacked as for resvg: satori reads WOFF too, but inflates its tables in JavaScript on every build,
   * which took longer than drawing a card.
   */
  faces: { name: string; data: Buffer; weight: FontWeight; style: "normal" }[];
  /** For resvg, which reads TrueType/OpenType only (text inside SVG artwork). */
  sfnt: Uint8Array[];
}

/** Inter (Latin) from @fontsource/inter: bundled with the project, so cards look the same on every machine, offline. */
export async function loadBrandFonts(): Promise<BrandFonts> {
  const family = "Inter";
  const faces = await Promise.all(
    WEIGHTS.map(async (weight) => {
      const sfnt = woffToSfnt(await readFile(fontFile(weight)));
      return {
        name: family,
        data: Buffer.from(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength),
        weight,
        style: "normal" as const,
      };
    }),
  );
  return {
    family,
    faces,
    sfnt: faces.map((face) => new Uint8Array(face.data.buffer, face.data.byteOffset, face.data.byteLength)),
  };
}

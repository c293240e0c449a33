import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { woffToSfnt } from "./woff.ts";

const require = createRequire(import.meta.url);

/** The weights share cards use: body, labels, headings, the title. */
const WEIGHTS = [400, 600, 700, 800] as const;
export type FontWeight = (typeof WEIGHTS)[number];

export interface BrandFonts {
  family: string;
  /** For satori, which reads WOFF. */
  faces: { name: string; data: Buffer; weight: FontWeight; style: "normal" }[];
  /** For resvg, which reads TrueType/OpenType only (text inside SVG artwork). */
  sfnt: Uint8Array[];
  /** Changes when the font files do, for cache keys. */
  version: string;
}

/** Inter (Latin) from @fontsource/inter: bundled with the project, so cards look the same on every machine, offline. */
export async function loadBrandFonts(): Promise<BrandFonts> {
  const family = "Inter";
  const faces = await Promise.all(
    WEIGHTS.map(async (weight) => ({
      name: family,
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
      weight,
      style: "normal" as const,
    })),
  );
  const { version } = JSON.parse(await readFile(require.resolve("@fontsource/inter/package.json"), "utf8")) as { version: string };
  return { family, faces, sfnt: faces.map((face) => woffToSfnt(face.data)), version: `${family}@${version}` };
}

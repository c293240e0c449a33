import path from "node:path";
import { readFile } from "node:fs/promises";
import satori from "satori";
import { describe, expect, test } from "vitest";
import { dropBoxClips } from "../../../../build/images/drop-box-clips.ts";
import { flattenPatterns } from "../../../../build/images/flatten-patterns.ts";
import { loadBrandFonts } from "../../../../build/images/fonts.ts";
import { over } from "../../../../build/images/pixels.ts";
import { svgToPixels, svgToPng } from "../../../../build/images/raster.ts";
import { ShareCard, type ShareCardProps } from "../../../../build/images/share-card.tsx";
import { readBrandColors } from "../../../../build/tokens.ts";
import { ROOT } from "../../../fixtures/content.ts";
import { largestDifference } from "./pixel-diff.ts";

describe("ShareCard in two layers", () => {
  test("should look like the whole card when its front layer is laid over its back, with and without artwork", async () => {
    const fonts = await loadBrandFonts();
    const colors = await readBrandColors(path.join(ROOT, "src/styles/tokens.css"));
    const at = { width: 1200, fonts: fonts.sfnt, family: fonts.family };
    const png = async (file: string, width: number) =>
      `data:image/png;base64,${Buffer.from(await svgToPng(await readFile(path.join(ROOT, file)), { ...at, width })).toString("base64")}`;
    const card: ShareCardProps = {
      title: "A title long enough to take two lines of the card's column",
      description: "What the page is about, in a sentence or two, as the head describes it.",
      label: "Business",
      siteName: "Nexaworks Apps",
      host: "www.example.com",
      logo: { src: await png("public/favicon.svg", 112), width: 56, height: 56 },
      colors,
      fontFamily: fonts.family,
    };
    const draw = async (props: ShareCardProps) =>
      svgToPixels(dropBoxClips(flattenPatterns(await satori(ShareCard(props), { width: 1200, height: 630, fonts: fonts.faces }))), at);
    const artwork = { src: await png("content/images/products/esim.svg", 480), width: 480, height: 336 };
    for (const props of [card, { ...card, artwork }]) {
      const layered = over(await draw({ ...props, layer: "back" }), await draw({ ...props, layer: "front" }));
      expect(largestDifference(layered, await draw(props))).toBeLessThanOrEqual(1);
    }
  });
});

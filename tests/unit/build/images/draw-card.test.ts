import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { encodeCard } from "../../../../build/plugins/share-cards/draw-card.ts";
import { imageFacts, photo } from "../../../fixtures/images.ts";

/** A PNG's colour type (IHDR byte 25): 3 is a palette of colours, 2 and 6 full colour. */
const colourType = (png: Uint8Array) => png[25];

describe("encodeCard", () => {
  const card = async () => sharp(await photo(1200, 630, "png", 3));

  test("should keep an artwork card a full-colour PNG when it fits", async () => {
    const bytes = await encodeCard(await card(), { page: "/faq", format: "png" }, 5_000_000);
    expect(colourType(bytes)).toBe(2);
  });

  test("should reduce a PNG that does not fit to a palette of colours", async () => {
    const drawn = await card();
    const full = (await drawn.clone().png().toBuffer()).length;
    const bytes = await encodeCard(drawn, { page: "/faq", format: "png" }, full - 1);
    expect(colourType(bytes)).toBe(3);
    expect(bytes.length).toBeLessThan(full);
  });

  test("should step a photo card's JPEG quality down until it fits", async () => {
    const drawn = await card();
    const atFirst = (await drawn.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer()).length;
    const bytes = await encodeCard(drawn, { page: "/blog/team", format: "jpeg" }, atFirst - 1);
    expect(await imageFacts(bytes)).toEqual({ format: "jpeg", width: 1200, height: 630 });
    expect(bytes.length).toBeLessThan(atFirst);
  });

  test("should name the page when no encoding fits", async () => {
    await expect(encodeCard(await card(), { page: "/blog/noise", format: "png" }, 1_000)).rejects.toThrow(
      /^The share card of \/blog\/noise weighs \d+ KB at best, over the 1 KB chat apps preview; give the page a simpler image$/,
    );
  });
});

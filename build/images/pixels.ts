/** An image as premultiplied RGBA bytes, row by row: what resvg draws into. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Paints `front` over `back` (source-over), both premultiplied and of one size: what drawing the front's shapes
 * straight onto the back would give, give or take one step of rounding at soft edges. Writes into `front`'s pixels
 * (when they start on a word boundary, as resvg's do), so a card costs no third copy of them.
 * @throws Error when the sizes differ
 */
export function over(back: Pixels, front: Pixels): Pixels {
  if (back.width !== front.width || back.height !== front.height) {
    throw new Error(`Cannot lay a ${front.width}×${front.height} image over a ${back.width}×${back.height} one`);
  }
  const out = front.data.byteOffset % 4 === 0 ? front.data : new Uint8Array(front.data);
  const below = back.data;
  // Whole pixels are read and copied as 32-bit words: a transparent pixel is the word 0 whatever the byte order.
  const words = wordsOf(out);
  const belowWords = wordsOf(below);
  for (let p = 0, i = 3; p < words.length; p += 1, i += 4) {
    if (words[p] === 0) {
      words[p] = belowWords[p] as number; // most of a card's front layer is empty
      continue;
    }
    const alpha = out[i] as number;
    if (alpha === 255) continue;
    const keep = 255 - alpha;
    for (let c = i - 3; c <= i; c += 1) out[c] = (out[c] as number) + div255((below[c] as number) * keep);
  }
  return { width: front.width, height: front.height, data: out };
}

/** The bytes as 32-bit words, copied only when they do not start on a word boundary. */
function wordsOf(bytes: Uint8Array): Uint32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
}

/** x / 255 rounded to the nearest integer, for x in 0..65025. */
const div255 = (x: number) => (x + 128 + ((x + 128) >> 8)) >> 8;

/**
 * Multiplies each pixel by the coverage (alpha) of `mask`, an image of the same size: what a clip path of the mask's
 * shape does, in place.
 */
export function clipTo(image: Pixels, mask: Pixels): Pixels {
  if (image.width !== mask.width || image.height !== mask.height) {
    throw new Error(`Cannot clip a ${image.width}×${image.height} image to a ${mask.width}×${mask.height} mask`);
  }
  const { data } = image;
  for (let i = 3; i < data.length; i += 4) {
    const coverage = mask.data[i] as number;
    if (coverage === 255) continue;
    for (let c = i - 3; c <= i; c += 1) data[c] = div255((data[c] as number) * coverage);
  }
  return image;
}

/** Start-of-frame markers (baseline, progressive, lossless…): C0–CF but C4 (Huffman tables), C8 and CC. */
const isFrameStart = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * Width and height from a JPEG's frame header, or undefined when the bytes are not a JPEG. Like pngSize (./png.ts):
 * enough to check a generated image without decoding it.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Segments follow the start-of-image marker, each a 0xFF, its marker and a length counting itself, up to the frame.
  for (let at = 2; at + 9 <= bytes.length; at += 2 + view.getUint16(at + 2)) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (isFrameStart(marker)) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
  }
  return undefined;
}

/** Whether a JPEG ends with its end-of-image marker: a file cut short does not. */
export const jpegIsWhole = (bytes: Uint8Array) => bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;

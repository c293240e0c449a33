import { pngSize } from "../drawing/png.ts";

const HEADER = 6;
const ENTRY = 16;

/**
 * An ICO file holding PNG images (each up to 256×256), the format browsers fetch at /favicon.ico. Every browser
 * and Windows since Vista reads PNG-compressed entries, so no BMP conversion is needed.
 * @throws Error when an image is not a PNG or is larger than 256 pixels
 */
export function pngsToIco(pngs: readonly Uint8Array[]): Uint8Array {
  const sizes = pngs.map((png, i) => {
    const size = pngSize(png);
    if (!size) throw new Error(`Image ${i} is not a PNG`);
    if (size.width > 256 || size.height > 256)
      throw new Error(`Image ${i} is ${size.width}×${size.height}; ICO entries are at most 256×256`);
    return size;
  });
  const out = Buffer.alloc(HEADER + pngs.length * ENTRY + pngs.reduce((n, png) => n + png.length, 0));
  out.writeUInt16LE(0, 0);
  out.writeUInt16LE(1, 2); // 1 = icon (2 would be a cursor)
  out.writeUInt16LE(pngs.length, 4);
  let offset = HEADER + pngs.length * ENTRY;
  pngs.forEach((png, i) => {
    const { width, height } = sizes[i] ?? { width: 0, height: 0 };
    const at = HEADER + i * ENTRY;
    out.writeUInt8(width % 256, at); // 0 stands for 256
    out.writeUInt8(height % 256, at + 1);
    out.writeUInt8(0, at + 2); // no palette
    out.writeUInt8(0, at + 3);
    out.writeUInt16LE(1, at + 4); // colour planes
    out.writeUInt16LE(32, at + 6); // bits per pixel
    out.writeUInt32LE(png.length, at + 8);
    out.writeUInt32LE(offset, at + 12);
    Buffer.from(png.buffer, png.byteOffset, png.byteLength).copy(out, offset);
    offset += png.length;
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

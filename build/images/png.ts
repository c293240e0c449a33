import { crc32, deflateSync } from "node:zlib";
import type { Pixels } from "./pixels.ts";

/**
 * zlib's fastest family of levels (1–3): on a share card level 3 takes a third of level 6's time (3 ms, not 8) for a
 * file a third larger (about 85 KB, not 60), still smaller than resvg's own PNGs (about 128 KB).
 */
const DEFLATE_LEVEL = 3;
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Width and height from a PNG's header (the IHDR chunk always comes first), or undefined when the bytes are not a PNG.
 * Enough to check a generated image without decoding it.
 */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * A PNG of premultiplied RGBA pixels: 8-bit RGB when every pixel is opaque (share cards), else RGBA with the alpha
 * divided out. Rows are stored unfiltered and deflated by Node's zlib: on the cards' flat colours and smooth gradients
 * that is both faster and smaller than resvg's own encoder (row filters cost more time in JavaScript than they save).
 */
export function encodePng({ width, height, data }: Pixels): Uint8Array {
  const rgb = packRgb(width, height, data);
  const raw = rgb ?? packRgba(width, height, data);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, rgb ? 2 : 6, 0, 0, 0], 8); // bit depth, colour type (2 RGB, 6 RGBA), deflate, filters, no interlace
  return Buffer.concat([Buffer.from(SIGNATURE), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: DEFLATE_LEVEL })), chunk("IEND", Buffer.alloc(0))]);
}

/** Whether 32-bit words hold a pixel's bytes in ascending order (R lowest): true on every platform Node runs on today. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
let rows = Buffer.alloc(0);

/**
 * Rows of RGB, each after its filter byte (0, none); undefined as soon as a pixel is not opaque. The rows go into one
 * buffer kept for the next image of the size (zlib copies what it needs): a card's 2 MB each time made the garbage
 * collector work more than the packing.
 */
function packRgb(width: number, height: number, data: Uint8Array): Buffer | undefined {
  if (!LITTLE_ENDIAN || data.byteOffset % 4 !== 0) return undefined;
  const words = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const stride = width * 3 + 1;
  if (rows.length !== stride * height) rows = Buffer.alloc(stride * height); // filter bytes stay 0
  const raw = rows;
  for (let y = 0, p = 0; y < height; y += 1) {
    for (let to = y * stride + 1, end = to + width * 3; to < end; to += 3, p += 1) {
      const pixel = words[p] as number;
      if (pixel >>> 24 !== 255) return undefined;
      raw[to] = pixel;
      raw[to + 1] = pixel >>> 8;
      raw[to + 2] = pixel >>> 16;
    }
  }
  return raw;
}

/** Rows of straight (not premultiplied) RGBA, each after its filter byte. */
function packRgba(width: number, height: number, data: Uint8Array): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) raw.set(data.subarray(y * width * 4, (y + 1) * width * 4), y * stride + 1);
  for (let y = 0; y < height; y += 1) {
    for (let at = y * stride + 1, end = at + width * 4; at < end; at += 4) {
      const alpha = raw[at + 3] as number;
      if (alpha === 255) continue; // opaque: premultiplied is straight
      const scale = alpha === 0 ? 0 : 255 / alpha;
      raw[at] = Math.round((raw[at] as number) * scale);
      raw[at + 1] = Math.round((raw[at + 1] as number) * scale);
      raw[at + 2] = Math.round((raw[at + 2] as number) * scale);
    }
  }
  return raw;
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(body.length + 12);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "latin1");
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

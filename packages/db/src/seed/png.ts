import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

/**
 * A text-free demo banner as PNG bytes (8-bit RGB, no dependencies): diagonal stripes of two
 * colours with a frame in a third, so each size looks like an ad placeholder.
 */
export function stripedBannerPng(
  width: number,
  height: number,
  colours: { a: Rgb; b: Rgb; frame: Rgb },
): Buffer {
  const stripe = Math.max(6, Math.round(Math.min(width, height) / 6));
  const frame = Math.max(2, Math.round(Math.min(width, height) / 40));
  const rowBytes = 1 + width * 3;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    pixels[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const onFrame = x < frame || y < frame || x >= width - frame || y >= height - frame;
      const colour = onFrame ? colours.frame : Math.floor((x + y) / stripe) % 2 ? colours.a : colours.b;
      pixels.set(colour, y * rowBytes + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/**
 * A product picture as PNG bytes (8-bit RGB, no dependencies; the image proxy renders rasters
 * only): a light background with a rounded block of the product's colour and a darker shadow.
 */
export function productPng(size: number, colour: Rgb): Buffer {
  const rowBytes = 1 + size * 3;
  const pixels = Buffer.alloc(rowBytes * size);
  const margin = Math.round(size * 0.2);
  const darker = (channel: number) => Math.round(channel * 0.6);
  const shadow: Rgb = [darker(colour[0]), darker(colour[1]), darker(colour[2])];
  const background: Rgb = [246, 246, 244];
  const inside = (x: number, y: number, offset: number) => {
    const lo = margin + offset;
    const hi = size - margin + offset;
    if (x < lo || y < lo || x >= hi || y >= hi) return false;
    const r = Math.round(size * 0.08);
    const cx = Math.min(Math.max(x, lo + r), hi - r - 1);
    const cy = Math.min(Math.max(y, lo + r), hi - r - 1);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  const offset = Math.max(2, Math.round(size * 0.03));
  for (let y = 0; y < size; y++) {
    pixels[y * rowBytes] = 0;
    for (let x = 0; x < size; x++) {
      const pixel = inside(x, y, 0) ? colour : inside(x, y, offset) ? shadow : background;
      pixels.set(pixel, y * rowBytes + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
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

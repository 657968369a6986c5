import { imageSize } from 'image-size';

/** The image formats a banner may be, recognised by their leading bytes ("magic numbers"). */
export const imageFormats = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
} as const;
export type ImageFormat = keyof typeof imageFormats;

const holds = (bytes: Buffer, signature: string | readonly number[], offset = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return (
    bytes.length >= offset + expected.length &&
    bytes.subarray(offset, offset + expected.length).equals(expected)
  );
};

/** What the bytes are: one of the image formats, a ZIP archive, or nothing a banner may be. */
export function sniffCreative(bytes: Buffer): ImageFormat | 'zip' | null {
  if (holds(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (holds(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (holds(bytes, 'GIF87a') || holds(bytes, 'GIF89a')) return 'gif';
  if (holds(bytes, 'RIFF') && holds(bytes, 'WEBP', 8)) return 'webp';
  if (holds(bytes, 'PK\x03\x04') || holds(bytes, 'PK\x05\x06')) return 'zip';
  return null;
}

/** Whether the file is whole, and whether it moves; null for a truncated or corrupt one. */
type Structure = { animated: boolean } | null;

/** PNG: chunks up to IEND, each within the file; an `acTL` chunk makes it an animated PNG. */
function pngStructure(b: Buffer): Structure {
  let animated = false;
  for (let offset = 8; offset + 12 <= b.length; ) {
    const end = offset + 12 + b.readUInt32BE(offset);
    if (end > b.length) return null;
    const type = b.toString('latin1', offset + 4, offset + 8);
    if (type === 'acTL') animated = true;
    if (type === 'IEND') return { animated };
    offset = end;
  }
  return null;
}

/** GIF: the blocks up to the trailer, each within the file; more than one image is an animation. */
function gifStructure(b: Buffer): Structure {
  if (b.length < 13) return null;
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let offset = 13 + colourTable(b[10] as number);
  let frames = 0;
  /** Skips data sub-blocks (a size byte, then that many bytes) up to the empty one. */
  const skipSubBlocks = (): boolean => {
    for (;;) {
      const size = b[offset];
      if (size === undefined) return false;
      offset += 1 + size;
      if (size === 0) return true;
    }
  };
  for (;;) {
    const introducer = b[offset];
    if (introducer === 0x3b) return frames > 0 ? { animated: frames > 1 } : null;
    if (introducer === 0x2c) {
      frames += 1;
      const packed = b[offset + 9];
      if (packed === undefined) return null;
      offset += 10 + colourTable(packed) + 1; // the descriptor, its colour table, the LZW code size
      if (!skipSubBlocks()) return null;
    } else if (introducer === 0x21) {
      offset += 2;
      if (!skipSubBlocks()) return null;
    } else return null;
  }
}

/** WebP: the RIFF chunks within the declared length; the VP8X flags say whether it is animated. */
function webpStructure(b: Buffer): Structure {
  const end = 8 + b.readUInt32LE(4);
  if (end > b.length || end < 20) return null;
  let animated = false;
  let image = false;
  for (let offset = 12; offset < end; ) {
    if (offset + 8 > end) return null;
    const type = b.toString('latin1', offset, offset + 4);
    const size = b.readUInt32LE(offset + 4);
    if (offset + 8 + size > end) return null;
    if (type === 'VP8X') animated = ((b[offset + 8] as number) & 0x02) !== 0;
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') image = true;
    offset += 8 + size + (size % 2);
  }
  return image ? { animated } : null;
}

/** JPEG: it ends with the End Of Image marker (padding after it aside); a cut-off file does not. */
function jpegStructure(b: Buffer): Structure {
  let end = b.length;
  while (end > 0 && (b[end - 1] === 0x00 || b[end - 1] === 0x0a || b[end - 1] === 0x0d)) end -= 1;
  return b[end - 2] === 0xff && b[end - 1] === 0xd9 ? { animated: false } : null;
}

const structures: Record<ImageFormat, (b: Buffer) => Structure> = {
  png: pngStructure,
  gif: gifStructure,
  webp: webpStructure,
  jpeg: jpegStructure,
};

export interface ImageFacts {
  width: number;
  height: number;
  animated: boolean;
}

/**
 * Width, height and animation of an image of a known format, read from the file; null when it
 * is truncated or corrupt. A JPEG turned by its EXIF orientation shows (and is measured) turned.
 */
export function readImage(format: ImageFormat, bytes: Buffer): ImageFacts | null {
  const structure = structures[format](bytes);
  if (!structure) return null;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  if (!size.width || !size.height) return null;
  const turned = (size.orientation ?? 1) >= 5;
  return {
    width: turned ? size.height : size.width,
    height: turned ? size.width : size.height,
    animated: structure.animated,
  };
}

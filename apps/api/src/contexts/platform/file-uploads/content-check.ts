import type { UploadExtension } from '@rtb/shared';

type Signature = string | readonly number[];

/** Whether `bytes` hold `signature` (text as Latin-1, or byte values) at `offset`. */
function holds(bytes: Buffer, signature: Signature, offset = 0): boolean {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return (
    bytes.length >= offset + expected.length &&
    bytes.subarray(offset, offset + expected.length).equals(expected)
  );
}

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];
const matroska = [0x1a, 0x45, 0xdf, 0xa3];
const compoundDocument = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** ISO base media (MP4, MOV): a box named at byte 4, `ftyp` in any recent file. */
const isoMedia = (bytes: Buffer, boxes: readonly string[]) => boxes.some((box) => holds(bytes, box, 4));
/** ZIP archives, which DOCX, XLSX, ODT and ODS are too (an empty archive has only its end record). */
const zipArchive = (bytes: Buffer) => holds(bytes, 'PK\x03\x04') || holds(bytes, 'PK\x05\x06');
/** Text in any single-byte or UTF-8 encoding (CSV from a Polish Excel is Windows-1250): no NUL byte. */
const text = (bytes: Buffer) => !bytes.includes(0);

const matchers: Record<UploadExtension, (bytes: Buffer) => boolean> = {
  png: (b) => holds(b, png),
  jpg: (b) => holds(b, jpeg),
  jpeg: (b) => holds(b, jpeg),
  gif: (b) => holds(b, 'GIF87a') || holds(b, 'GIF89a'),
  webp: (b) => holds(b, 'RIFF') && holds(b, 'WEBP', 8),
  mp4: (b) => isoMedia(b, ['ftyp']),
  mov: (b) => isoMedia(b, ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']),
  webm: (b) => holds(b, matroska),
  pdf: (b) => holds(b, '%PDF-'),
  txt: text,
  csv: text,
  log: text,
  json: text,
  doc: (b) => holds(b, compoundDocument),
  xls: (b) => holds(b, compoundDocument),
  docx: zipArchive,
  xlsx: zipArchive,
  odt: zipArchive,
  ods: zipArchive,
  zip: zipArchive,
};

/**
 * Whether the content is what its extension says: the file's leading bytes (its "magic number")
 * for binary formats, no NUL byte for text. A renamed executable or HTML page is refused.
 */
export function contentMatches(extension: UploadExtension, bytes: Buffer): boolean {
  return matchers[extension](bytes);
}

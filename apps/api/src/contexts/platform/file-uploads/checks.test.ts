import { type UploadExtension, uploadFormats } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../../core/attachment-disposition';
import { contentMatches } from './content-check';
import { safeFileName } from './file-name';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

/** A real beginning of each format. */
const samples: Record<UploadExtension, Buffer> = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom'),
  mov: bytes([0, 0, 0, 0x14], 'ftypqt  '),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3], 'webm'),
  pdf: bytes('%PDF-1.4\n'),
  txt: bytes('Zażółć gęślą jaźń\n'),
  csv: bytes('a;b\n', [0xb9, 0x9c], '\n'),
  log: bytes('2024-05-01 ERROR something\n'),
  json: bytes('{"a":1}'),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: bytes('PK\x03\x04', [20, 0]),
  xlsx: bytes('PK\x03\x04', [20, 0]),
  odt: bytes('PK\x03\x04', [20, 0], 'mimetype'),
  ods: bytes('PK\x03\x04', [20, 0], 'mimetype'),
  zip: bytes('PK\x05\x06', [0, 0, 0, 0]),
};

describe('content checks', () => {
  it('accept every format of the list by its leading bytes', () => {
    for (const extension of Object.keys(uploadFormats) as UploadExtension[])
      expect(contentMatches(extension, samples[extension]), extension).toBe(true);
  });

  it('refuse a file whose content is another format, an executable or binary text', () => {
    const executable = bytes('MZ', [0x90, 0, 3, 0]);
    const html = bytes('<!doctype html><script>alert(1)</script>');
    for (const extension of [
      'png',
      'jpg',
      'gif',
      'webp',
      'mp4',
      'webm',
      'pdf',
      'doc',
      'docx',
      'zip',
    ] as const) {
      expect(contentMatches(extension, executable), extension).toBe(false);
      expect(contentMatches(extension, html), extension).toBe(false);
    }
    expect(contentMatches('png', samples.jpg)).toBe(false);
    expect(contentMatches('pdf', bytes('%PD'))).toBe(false);
    expect(contentMatches('txt', executable)).toBe(false);
    expect(contentMatches('csv', bytes('a', [0], 'b'))).toBe(false);
  });
});

describe('file names', () => {
  it('drop folders and control characters, keep the extension, and stay short', () => {
    expect(safeFileName('C:\\Users\\ewa\\report.pdf', 'pdf')).toBe('report.pdf');
    expect(safeFileName('../../etc/passwd.txt', 'txt')).toBe('passwd.txt');
    expect(safeFileName('tab\there\u0000.png', 'png')).toBe('tabhere.png');
    expect(safeFileName('   ', 'png')).toBe('file.png');
    expect(safeFileName('.png', 'png')).toBe('file.png');
    const long = safeFileName(`${'a'.repeat(300)}.xlsx`, 'xlsx');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('are offered for download as attachments, in ASCII and in UTF-8', () => {
    expect(attachmentDisposition('Zrzut "ekranu" (1).png')).toBe(
      `attachment; filename="Zrzut _ekranu_ (1).png"; filename*=UTF-8''Zrzut%20%22ekranu%22%20%281%29.png`,
    );
    expect(attachmentDisposition('łódź.pdf')).toBe(
      `attachment; filename="__d_.pdf"; filename*=UTF-8''%C5%82%C3%B3d%C5%BA.pdf`,
    );
  });
});

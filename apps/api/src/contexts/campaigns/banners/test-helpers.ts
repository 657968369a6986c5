import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import type { DynamicTemplate } from '@rtb/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { multipart } from '../../support/support/test-helpers';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

export interface ZipEntry {
  name: string;
  content?: Buffer | string;
  /** Stored instead of deflated. */
  store?: boolean;
  /** The deflated bytes as they are to be written (e.g. not deflate at all), instead of the content's. */
  deflated?: Buffer;
  /** The uncompressed size the headers claim (a lie, when it differs from the content's). */
  declaredSize?: number;
  /** Unix mode in the external attributes, e.g. 0o120777 for a symbolic link. */
  mode?: number;
}

/** A ZIP archive of exactly these entries, names and headers as given (UTF-8 names). */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const content = Buffer.from(entry.content ?? '');
    const data = entry.deflated ?? (entry.store ? content : deflateRawSync(content));
    const size = entry.declaredSize ?? content.length;
    const crc = crc32(content);
    const method = entry.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const indexHtml = (options: { size?: string | null; head?: string; body?: string } = {}) => {
  const size = options.size === undefined ? 'width=300,height=250' : options.size;
  return `<!doctype html><html><head>${size === null ? '' : `<meta name="ad.size" content="${size}">`}
<link rel="stylesheet" href="style.css">${options.head ?? ''}</head>
<body><a href="javascript:window.open(window.clickTag)"><img src="img/logo.png" alt=""></a>
<script>var clickTag = "https://shop.example.com/";</script>${options.body ?? ''}</body></html>`;
};

/** An HTML5 banner's files: index.html, a style sheet with an image, the images; `changes` replaces or adds. */
export function html5Files(changes: Record<string, string | Buffer | null> = {}): ZipEntry[] {
  const files: Record<string, string | Buffer | null> = {
    'index.html': indexHtml(),
    'style.css': 'body { background: url("img/bg.png") no-repeat; }',
    'img/logo.png': 'logo',
    'img/bg.png': 'bg',
    ...changes,
  };
  return Object.entries(files)
    .filter((entry): entry is [string, string | Buffer] => entry[1] !== null)
    .map(([name, content]) => ({ name, content }));
}

export const html5Zip = (changes?: Record<string, string | Buffer | null>) => buildZip(html5Files(changes));

type Format = 'png' | 'jpeg' | 'gif' | 'webp';

/** A real image of that format and size. */
export const image = (format: Format, width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
    [format]()
    .toBuffer();

/** A two-frame animated image. */
export async function animated(format: 'gif' | 'webp', width: number, height: number) {
  const frame = (r: number) =>
    sharp({ create: { width, height, channels: 4, background: { r, g: 10, b: 10, alpha: 1 } } })
      .png()
      .toBuffer();
  return sharp([await frame(10), await frame(250)], { join: { animated: true } })
    [format]()
    .toBuffer();
}

/** A local site for landing pages: /ok answers 200, anything else 404. */
export async function landingSite(): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.writeHead(req.url?.startsWith('/ok') ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface UploadOptions {
  token: string;
  content: Buffer;
  filename?: string;
  fields?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

/** POSTs a banner file (multipart) to the upload route, or to `url`. */
export async function upload(t: TestApp, options: UploadOptions) {
  const body = await multipart(options.fields ?? {}, [
    { field: 'file', name: options.filename ?? 'banner.png', content: options.content },
  ]);
  return t.call({
    method: 'POST',
    url: options.url ?? '/api/advertiser/banners',
    token: options.token,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  });
}

/** Uploads a banner that must be accepted; returns it. */
export async function uploaded(t: TestApp, options: UploadOptions) {
  const res = await upload(t, options);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.banner as BannerBody;
}

export interface BannerBody {
  id: number;
  name: string;
  type: 'image' | 'html5' | 'dynamic';
  status: string;
  width: number;
  height: number;
  mimeType: string;
  fileSize: number;
  animated: boolean;
  fileCount: number | null;
  landingUrl: string;
  previewUrl: string;
  template: DynamicTemplate | null;
  advertiserId: number;
  reviewedAt: string | null;
  reviewedBy: { id: number; name: string } | null;
  updatedBy: { id: number; name: string } | null;
  campaignCount: number;
}

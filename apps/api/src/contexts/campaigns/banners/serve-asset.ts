import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import type { AppDeps } from '../../../core/deps';
import { assetPathOf } from './asset-store';
import { findAsset } from './repository';

/** The types an HTML5 banner's files are served as, by extension; anything else is a download. */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const DOWNLOAD = 'application/octet-stream';

/** Types a browser shows as a document that can run script: they get the sandboxing policy. */
const documentTypes = new Set(['text/html', 'image/svg+xml']);

export interface AssetFile {
  stream: ReturnType<Awaited<ReturnType<typeof open>>['createReadStream']>;
  size: number;
  contentType: string;
  /** HTML (or SVG): a document, sandboxed as a creative; else a plain file. */
  document: boolean;
  etag: string;
}

/**
 * A file of a creative: the image itself or a dynamic banner's logo (nothing else under its
 * key), or any file of an HTML5 banner's archive. Null for an unknown key, a path leaving the
 * key's folder, or no such file. The image's type is the one its bytes were recognised as; an
 * HTML5 file's comes from its extension, from a short list.
 */
export async function openAsset(deps: AppDeps, assetKey: string, path: string): Promise<AssetFile | null> {
  const file = assetPathOf(deps.config, assetKey, path);
  if (!file) return null;
  const asset = await findAsset(deps.db, assetKey);
  if (!asset) return null;
  const single = asset.type !== 'html5';
  if (single && path !== asset.assetEntry) return null;
  const contentType = single ? asset.mimeType : (contentTypes[extname(file).toLowerCase()] ?? DOWNLOAD);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    return null;
  }
  return {
    stream: handle.createReadStream(),
    size: stats.size,
    contentType,
    document: documentTypes.has(contentType.split(';')[0] as string),
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
  };
}

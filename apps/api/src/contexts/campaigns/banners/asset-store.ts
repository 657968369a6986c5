import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { AppConfig } from '../../../config';
import type { ArchiveFile } from './zip-archive';

/**
 * Creatives live under DATA_DIR/creatives/<assetKey>/ (decision 0002: on disk, shared by every
 * API process). The key is 128 random bits, new for every file: never derived from an id, so
 * nobody finds another's creative by counting, and a URL never shows other content than was
 * reviewed under it.
 */
export const ASSET_KEY_PATTERN = /^[0-9a-f]{32}$/;

const rootOf = (config: AppConfig) => resolve(config.dataDir, 'creatives');
const folderOf = (config: AppConfig, assetKey: string) => join(rootOf(config), assetKey);

async function writeFlushed(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes the creative's files under a new key: into a folder of its own first, renamed into
 * place once every file is on disk, so a stored key always names a whole creative.
 */
export async function writeCreative(config: AppConfig, files: ArchiveFile[]): Promise<string> {
  const assetKey = randomBytes(16).toString('hex');
  const partial = join(rootOf(config), `.partial-${assetKey}`);
  try {
    for (const file of files) await writeFlushed(join(partial, ...file.path.split('/')), file.data);
    await rename(partial, folderOf(config, assetKey));
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  return assetKey;
}

export async function removeCreative(config: AppConfig, assetKey: string): Promise<void> {
  if (ASSET_KEY_PATTERN.test(assetKey))
    await rm(folderOf(config, assetKey), { recursive: true, force: true });
}

/**
 * The file at `path` below the key's folder, or null when the path would leave it (`..`, an
 * absolute path, a backslash, NUL): resolved, then checked to be inside the folder.
 */
export function assetPathOf(config: AppConfig, assetKey: string, path: string): string | null {
  if (!ASSET_KEY_PATTERN.test(assetKey) || path.includes('\\') || path.includes('\0')) return null;
  const folder = folderOf(config, assetKey);
  const file = resolve(folder, path);
  return file.startsWith(folder + sep) ? file : null;
}

import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { AppConfig } from '../../../config';

/** Where uploaded files live: DATA_DIR/uploads, shared by every API process (docs/operations.md). */
const rootOf = (config: AppConfig) => resolve(config.dataDir, 'uploads');

/** A random key, spread over 256 folders; never derived from anything the user sent. */
const newKey = () => {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
};

const pathOf = (config: AppConfig, key: string) => join(rootOf(config), key);

/**
 * Writes the content under a new key and flushes it to disk before it is renamed into place,
 * so a stored key always names a whole file. Returns the key.
 */
export async function writeStoredFile(config: AppConfig, content: Buffer): Promise<string> {
  const key = newKey();
  const path = pathOf(config, key);
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.part`;
  const handle = await open(partial, 'wx', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, path);
  return key;
}

/** A stream of the stored file, or null when it is not there (opened first, so that is known before any byte is sent). */
export async function readStoredFile(config: AppConfig, key: string) {
  try {
    const handle = await open(pathOf(config, key), 'r');
    return handle.createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function removeStoredFile(config: AppConfig, key: string): Promise<void> {
  await rm(pathOf(config, key), { force: true });
}

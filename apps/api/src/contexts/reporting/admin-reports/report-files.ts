import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../../../config';

/** Where generated reports live: DATA_DIR/reports, shared by every API process (like uploads). */
const folderOf = (config: AppConfig) => resolve(config.dataDir, 'reports');

/** A report's file name: the run's lease token (random) and the format, never anything a user sent. */
export const reportFileKey = (leaseToken: string, format: string) => `${leaseToken}.${format}`;
const partialOf = (config: AppConfig, key: string) => join(folderOf(config), `${key}.part`);

/** A stream writing the report's file under a partial name (`publishReportFile` renames it into place). */
export async function createReportFile(config: AppConfig, key: string) {
  await mkdir(folderOf(config), { recursive: true });
  return createWriteStream(partialOf(config, key), { flags: 'wx', mode: 0o600 });
}

/** Renames a written file into place; its size. */
export async function publishReportFile(config: AppConfig, key: string): Promise<number> {
  const path = join(folderOf(config), key);
  await rename(partialOf(config, key), path);
  return (await stat(path)).size;
}

/** A stream of the report's file, or null when it is not there (opened first, so that is known before any byte is sent). */
export async function readReportFile(config: AppConfig, key: string) {
  try {
    const handle = await open(join(folderOf(config), key), 'r');
    return handle.createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Removes the file and any partial one of that key. */
export async function removeReportFile(config: AppConfig, key: string): Promise<void> {
  await Promise.all([
    rm(join(folderOf(config), key), { force: true }),
    rm(partialOf(config, key), { force: true }),
  ]);
}

import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CachedImage {
  stream: ReturnType<Awaited<ReturnType<typeof open>>['createReadStream']>;
  size: number;
}

/**
 * Rendered product images on disk, under `<dir>/<first two hex>/<key>.webp`. The key names the
 * source URL and the box, so an entry never changes: a new image link is a new key. Writes go to
 * a temporary file renamed into place, so a reader never sees half an image, and two processes
 * rendering the same image at once both end with a whole one. Entries older than `maxAgeMs`
 * are swept; a product still shown is rendered again from its source.
 */
export class ImageCache {
  readonly #dir: string;
  readonly #maxAgeMs: number;

  constructor(dir: string, maxAgeMs: number) {
    this.#dir = dir;
    this.#maxAgeMs = maxAgeMs;
  }

  #pathOf(key: string) {
    return join(this.#dir, key.slice(0, 2), `${key}.webp`);
  }

  /** The entry, open for reading; null when it is not cached. */
  async read(key: string): Promise<CachedImage | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.#pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  }

  async write(key: string, image: Buffer): Promise<void> {
    const path = this.#pathOf(key);
    await mkdir(join(this.#dir, key.slice(0, 2)), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, image);
    try {
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Removes entries (and abandoned temporary files) written more than `maxAgeMs` ago; returns how many. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    let shards: string[];
    try {
      shards = await readdir(this.#dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    for (const shard of shards) {
      for (const name of await readdir(join(this.#dir, shard)).catch(() => [] as string[])) {
        const file = join(this.#dir, shard, name);
        const written = await stat(file).catch(() => null);
        if (written && now - written.mtimeMs > this.#maxAgeMs) {
          await unlink(file).catch(() => {});
          removed += 1;
        }
      }
    }
    return removed;
  }
}

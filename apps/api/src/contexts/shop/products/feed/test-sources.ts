import { createReadStream } from 'node:fs';
import type { FeedSource } from './decode-chunks';
import type { FeedRow } from './normalise-product';

/** A fixture file streamed in small chunks, so that tokens and characters straddle them. */
export function fixture(name: string, chunkBytes = 61): FeedSource {
  return createReadStream(new URL(`./fixtures/${name}`, import.meta.url), { highWaterMark: chunkBytes });
}

/** Text (or bytes) as a source of chunks of `size`. */
export async function* chunked(content: string | Uint8Array, size = 64): FeedSource {
  for (let start = 0; start < content.length; start += size) yield content.slice(start, start + size);
}

/** Every row, and the error the parser ended with (null when it finished). */
export async function collect(rows: AsyncIterable<FeedRow>): Promise<{ rows: FeedRow[]; error: unknown }> {
  const collected: FeedRow[] = [];
  try {
    for await (const row of rows) collected.push(row);
    return { rows: collected, error: null };
  } catch (error) {
    return { rows: collected, error };
  }
}

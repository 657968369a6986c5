import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { FeedSource } from './feed/decode-chunks';
import { FeedImportFailure } from './import-failure';

/** How far a run has read its file: raw bytes (the progress bar) and what they unpacked to. */
export interface FileProgress {
  bytesRead: number;
}

/** gzip's magic bytes: a gzipped feed is unpacked whatever its name or content type said. */
async function isGzip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await file.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await file.close();
  }
}

/**
 * A stored feed file as a source of chunks, unpacked when it is gzip, never more than
 * `maxBytes` once unpacked (a gzip bomb stops as `too_large`). `progress.bytesRead` counts the
 * file's own bytes as they are read; broken gzip data stops the import as an unreadable feed.
 */
export async function* readFeedFile(path: string, maxBytes: number, progress: FileProgress): FeedSource {
  const gzip = await isGzip(path);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      progress.bytesRead += chunk.length;
      done(null, chunk);
    },
  });
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  const gunzip = gzip ? createGunzip() : null;
  const output = gunzip ?? counter;
  const piped = (gunzip ? pipeline(file, counter, gunzip) : pipeline(file, counter)).catch(
    (error: unknown) => {
      output.destroy(error as Error);
    },
  );
  let unpacked = 0;
  try {
    for await (const chunk of output as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > maxBytes) throw new FeedImportFailure('too_large', `more than ${maxBytes} bytes`);
      yield chunk;
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Z_'))
      throw new FeedImportFailure('unrecognised_format', 'broken gzip data');
    throw error;
  } finally {
    output.destroy();
    await piped;
  }
}

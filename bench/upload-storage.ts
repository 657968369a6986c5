/**
 * Where uploaded files live (docs/decisions/0002): a file's content stored and read back as a
 * `bytea` column of the database against the file store the API uses (DATA_DIR/uploads, files
 * written, flushed and renamed into place), for a 1 MiB and a 10 MiB (the upload limit) file.
 * Besides the time it prints the longest stall of the process's event loop during each: while
 * it stalls, the process answers no other request.
 *
 *   node --import tsx bench/upload-storage.ts                  # PGlite (the embedded default)
 *   DATABASE_URL=postgres://... node --import tsx bench/upload-storage.ts   # a PostgreSQL server
 *
 * bench/README.md describes the output.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createTestDatabase } from '@rtb/db/testing';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import {
  readStoredFile,
  removeStoredFile,
  writeStoredFile,
} from '../apps/api/src/contexts/platform/file-uploads/file-store';
import { forceExit, printTable } from './print-table';

const MiB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The best of the rounds: duration and the longest event-loop stall, in ms. */
async function measure(work: () => Promise<void>): Promise<{ ms: number; stallMs: number }> {
  let best = { ms: Number.POSITIVE_INFINITY, stallMs: Number.POSITIVE_INFINITY };
  for (let round = 0; round < ROUNDS; round++) {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const start = performance.now();
    await work();
    const ms = performance.now() - start;
    // One more tick, so a stall that ends with the work is sampled too.
    await new Promise((resolve) => setTimeout(resolve, 20));
    histogram.disable();
    const stallMs = histogram.max / 1e6;
    if (ms < best.ms) best = { ms, stallMs };
  }
  return best;
}

const streamLength = async (stream: AsyncIterable<Buffer>) => {
  let length = 0;
  for await (const chunk of stream) length += chunk.length;
  return length;
};

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'rtb-bench-uploads-'));
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir };
  try {
    await database.db.execute(sql`create table bench_files (id serial primary key, content bytea not null)`);
    const rows: string[][] = [];
    console.log(`upload-storage: ${database.kind}; best of ${ROUNDS} rounds`);
    for (const size of [MiB, 10 * MiB]) {
      const content = randomBytes(size);
      const inDatabase = await measure(async () => {
        // Both drivers answer `{rows}`; drizzle types the result per driver.
        const inserted = (await database.db.execute(
          sql`insert into bench_files (content) values (${content}) returning id`,
        )) as unknown as { rows: { id: number }[] };
        const fetched = (await database.db.execute(
          sql`select content from bench_files where id = ${inserted.rows[0]?.id}`,
        )) as unknown as { rows: { content: Uint8Array }[] };
        const read = fetched.rows[0];
        if (read?.content.length !== size) throw new Error('bytea read back wrong');
      });
      const onDisk = await measure(async () => {
        const key = await writeStoredFile(config, content);
        const stream = await readStoredFile(config, key);
        if (!stream || (await streamLength(stream)) !== size) throw new Error('file read back wrong');
        await removeStoredFile(config, key);
      });
      const label = `${size / MiB} MiB`;
      rows.push(
        [label, 'database bytea', inDatabase.ms.toFixed(0), inDatabase.stallMs.toFixed(0), '1.00'],
        [
          label,
          'file store',
          onDisk.ms.toFixed(0),
          onDisk.stallMs.toFixed(0),
          (inDatabase.ms / onDisk.ms).toFixed(2),
        ],
      );
    }
    printTable(['size', 'storage', 'store+read ms', 'max loop stall ms', 'speed-up'], rows, 2);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(forceExit, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  forceExit();
});

import { fork } from 'node:child_process';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '@rtb/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';

/**
 * This benchmark's own file again in a child process (`serve` as its argument), so the load
 * generator never shares the servers' event loop. `next` is the child's next message; a child
 * that exits first rejects it. BENCH_PROFILE=<dir>: the child's CPU profile (`node --cpu-prof`)
 * is written there when it exits.
 */
export function forkServers<Message>(benchUrl: string) {
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = fork(new URL(benchUrl).pathname, ['serve'], { execArgv: ['--import', 'tsx', ...profile] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const next = () =>
    new Promise<Message>((resolve, reject) => {
      const died = (code: number | null) => reject(new Error(`the server process exited (${code})`));
      child.once('exit', died);
      child.once('message', (m: Message) => {
        child.off('exit', died);
        resolve(m);
      });
    });
  return { child, exited, next };
}

/** One autocommitted statement, prepared under `name` where the driver prepares. */
export type BaselineQuery = (name: string, text: string, values: unknown[]) => Promise<unknown>;

/**
 * How a baseline server writes: on PostgreSQL a `pg` pool of its own of `poolSize` connections
 * to the app's (temporary) database, the same size as the app's; on PGlite the one connection
 * there is, shared with the app.
 */
export async function baselineQuery(
  database: DatabaseHandle,
  poolSize: number,
): Promise<{ query: BaselineQuery; end(): Promise<void> }> {
  if (database.kind !== 'postgres') {
    // The PGlite client under drizzle (the handle's type does not show it).
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return { query: (_name, text, values) => client.query(text, values), end: async () => {} };
  }
  const [current] = (
    (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${current?.name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
  // The temporary database is dropped WITH (FORCE) while an ended pool's last sockets may still be
  // closing: their termination must not crash the process (as the app's pool, packages/db).
  pool.on('error', () => {});
  return {
    query: (name, text, values) => pool.query({ name, text, values }),
    end: () => pool.end(),
  };
}

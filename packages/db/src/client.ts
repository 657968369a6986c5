import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database or a transaction: repositories take either, so callers decide the transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs migrations; on PostgreSQL under an advisory lock so several processes may start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
const MIGRATION_LOCK = 7_274_001;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** How long a query waits for a pooled PostgreSQL connection before failing (default 5 s). */
  connectionTimeoutMs?: number;
  /** A PGlite data-directory dump to start from (a migrated template, for tests). */
  template?: Blob;
}

export function createDatabase(options: DatabaseOptions = {}): DatabaseHandle {
  return options.url
    ? createPostgres(options.url, options.poolSize ?? 10, options.connectionTimeoutMs ?? 5_000)
    : createPglite(options.dataDir, options.template);
}

function createPglite(dataDir?: string, template?: Blob): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    dump: async () => {
      // Flush the WAL into the data files, or the dump misses the latest writes.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
  };
}

function createPostgres(url: string, max: number, connectionTimeoutMillis: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

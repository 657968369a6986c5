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

/**
 * What `execute` answers on either driver: node-postgres's QueryResult and PGlite's Results both
 * carry the rows as `rows` (and more that the code does not read).
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
interface QueryRows<Row> {
  rows: Row[];
}

/** A database or a transaction: repositories take either, so callers decide the transaction. */
export type Database = PgDatabase<RowsQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs migrations; on PostgreSQL under an advisory lock so several processes may start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` once its transaction has committed; resolves
   * with the function that stops listening. On PostgreSQL a connection of its own (never the
   * pool's) listens and reconnects when it drops; since notifications sent meanwhile are lost,
   * it then calls `onPayload('*:')` once, so the caller reloads whatever it keeps. `onPayload`
   * must not throw.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
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
  /** PostgreSQL limits per connection (docs/operations.md, 'Database outages and timeouts'). */
  timeouts?: Partial<DatabaseTimeouts>;
}

/** Milliseconds; each below the API's 30 s request limit, so a stuck query fails the request in time. */
export interface DatabaseTimeouts {
  /** The server cancels a statement running longer (57014). */
  statementMs: number;
  /** The server cancels a statement waiting longer for a lock (55P03). */
  lockMs: number;
  /** The server ends a session idle longer inside an open transaction (25P03). */
  idleInTransactionMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  statementMs: 10_000,
  lockMs: 5_000,
  idleInTransactionMs: 25_000,
};

/**
 * How much longer than the statement timeout the client waits for any answer before it drops
 * the connection: only a server that cannot answer at all (frozen, unreachable) gets there.
 */
export const CLIENT_QUERY_TIMEOUT_MARGIN_MS = 2_000;

export function createDatabase(options: DatabaseOptions = {}): DatabaseHandle {
  return options.url
    ? createPostgres(options.url, {
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
        timeouts: { ...defaultDatabaseTimeouts, ...options.timeouts },
      })
    : createPglite(options.dataDir, options.template);
}

function createPglite(dataDir?: string, template?: Blob): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
  });
  const pglite = drizzlePglite(client, { schema });
  return {
    db: pglite,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder }),
    close: () => client.close(),
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        await stop();
      };
    },
    dump: async () => {
      // Flush the WAL into the data files, or the dump misses the latest writes.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
  };
}

const ignore = () => {};

/**
 * A pg client that can never crash the process, never goes back to the pool broken, and is
 * never lost to it:
 * - it listens to its own 'error' events for its whole life. The pool listens only while a
 *   client is idle; a checked-out client whose server goes away (57P01, ECONNRESET) would
 *   otherwise emit 'error' with no listener. The query in flight fails on its own, and the
 *   client, no longer queryable, is discarded when released.
 * - a query that outlives the client-side timeout leaves its answer pending on the
 *   connection, so every later query there would queue behind it: the connection is dropped.
 * - Drizzle (0.45) sends a transaction's `begin` outside its try/finally, so when `begin` fails
 *   (the server went away or froze) it never releases the client, and the pool shrinks by one
 *   for good; a few such failures and no request gets a connection again. A failed `begin`
 *   (only Drizzle's transactions send it, as a promise; pool.query uses a callback and
 *   releases by itself) releases the client here, as broken.
 */
class GuardedClient extends pg.Client {
  /** Set by the pool on each checkout (a pg.PoolClient); a client of its own has none. */
  declare release?: pg.PoolClient['release'];

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', ignore);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise, callback, submittable)
  override query(...args: any[]): any {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: Error | null, result: unknown) => {
        this.dropAfterReadTimeout(error);
        last(error, result);
      };
    }
    // biome-ignore lint/suspicious/noExplicitAny: forwarded as given
    const result = (super.query as (...a: any[]) => any)(...args);
    if (result instanceof Promise) {
      const text: unknown = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      const begins = typeof text === 'string' && /^\s*begin\b/i.test(text);
      result.catch((error: Error) => {
        this.dropAfterReadTimeout(error);
        if (begins) this.release?.(error);
      });
    }
    return result;
  }

  private dropAfterReadTimeout(error: Error | null) {
    if (error?.message === 'Query read timeout') this.connection.stream.destroy();
  }
}

function createPostgres(
  url: string,
  pool: { max: number; connectionTimeoutMillis: number; timeouts: DatabaseTimeouts },
): DatabaseHandle {
  const { max, connectionTimeoutMillis, timeouts } = pool;
  const connections = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + CLIENT_QUERY_TIMEOUT_MARGIN_MS,
    Client: GuardedClient,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  connections.on('error', ignore);
  return {
    db: drizzlePg(connections, { schema }),
    kind: 'postgres',
    async migrate() {
      // A connection of its own without the timeouts: a migration may rewrite a large table,
      // and waiting for another process's migration lock is expected.
      const client = new GuardedClient({ connectionString: url, connectionTimeoutMillis });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    listen: (channel, onPayload) => listenPostgres(url, connectionTimeoutMillis, channel, onPayload),
    close: () => connections.end(),
  };
}

/** Waits before reconnecting a listener: 100 ms, doubling up to 5 s. */
const listenRetryMs = (attempt: number) => Math.min(5_000, 100 * 2 ** attempt);

/**
 * LISTEN on a client of its own. A connection that ends (server restart, terminated backend,
 * network) is replaced, with backoff, for as long as the listener is open; the first
 * connection's failure is the caller's. Errors never escape as events, so nothing here can
 * crash the process.
 */
async function listenPostgres(
  url: string,
  connectionTimeoutMillis: number,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis, keepAlive: true });
    client.on('error', ignore);
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    client.on('end', () => {
      if (current === client) {
        current = null;
        if (!closed) reconnect(0);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(ignore);
      throw error;
    }
    if (closed) {
      await client.end().catch(ignore);
      return;
    }
    current = client;
  };

  const reconnect = (attempt: number) => {
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (!closed) onPayload('*:');
        },
        () => {
          if (!closed) reconnect(attempt + 1);
        },
      );
    }, listenRetryMs(attempt));
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(ignore);
  };
}

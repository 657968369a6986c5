import { resolve } from 'node:path';
import { REQUEST_TIMEOUT_MS } from '@rtb/shared';
import {
  CLIENT_QUERY_TIMEOUT_MARGIN_MS,
  type DatabaseOptions,
  type DatabaseTimeouts,
  defaultDatabaseTimeouts,
} from './client';

const TIMEOUT_VARIABLES: Record<keyof DatabaseTimeouts, string> = {
  statementMs: 'DATABASE_STATEMENT_TIMEOUT_MS',
  lockMs: 'DATABASE_LOCK_TIMEOUT_MS',
  idleInTransactionMs: 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
};

/**
 * The PostgreSQL timeouts from the environment (docs/operations.md, 'Database outages and timeouts'): each a
 * whole number of milliseconds, short enough that a stuck query fails its request before the
 * request limit does.
 */
export function databaseTimeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTimeouts {
  const timeouts = { ...defaultDatabaseTimeouts };
  for (const [key, name] of Object.entries(TIMEOUT_VARIABLES) as [keyof DatabaseTimeouts, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a whole number of milliseconds above 0, not '${raw}'.`);
    timeouts[key] = value;
  }
  const longest = Math.max(
    timeouts.statementMs + CLIENT_QUERY_TIMEOUT_MARGIN_MS,
    timeouts.lockMs,
    timeouts.idleInTransactionMs,
  );
  if (longest >= REQUEST_TIMEOUT_MS)
    throw new Error(
      `The database timeouts must end before the ${REQUEST_TIMEOUT_MS} ms request limit ` +
        `(the statement timeout plus ${CLIENT_QUERY_TIMEOUT_MARGIN_MS} ms, the lock and idle-in-transaction timeouts).`,
    );
  return timeouts;
}

/** DATABASE_URL picks PostgreSQL; otherwise PGlite keeps its files under DATA_DIR (./data). */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL)
    return {
      url: env.DATABASE_URL,
      poolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
      timeouts: databaseTimeoutsFromEnv(env),
    };
  return { dataDir: resolve(env.DATA_DIR ?? 'data', 'pglite') };
}

import { resolve } from 'node:path';
import type { DatabaseOptions } from './client';

/** DATABASE_URL picks PostgreSQL; otherwise PGlite keeps its files under DATA_DIR (./data). */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, poolSize: Number(env.DATABASE_POOL_SIZE ?? 10) };
  return { dataDir: resolve(env.DATA_DIR ?? 'data', 'pglite') };
}

import { createDatabase, type DatabaseHandle, seedReferenceData } from '@rtb/db';
import {
  findPostgresBin,
  type PrivatePostgres,
  type PrivateRedis,
  redisServerAvailable,
  startPrivatePostgres,
  startPrivateRedis,
} from '@rtb/operations/testing';

const bin = await findPostgresBin();
const redisServer = await redisServerAvailable();

/** Whether a test can start a PostgreSQL and a Redis of its own (it is skipped when not, and says so). */
export function privateServersAvailable(test: string): boolean {
  if (bin && redisServer) return true;
  console.warn(
    `${test} skipped: it needs PostgreSQL binaries under /usr/lib/postgresql/*/bin and redis-server`,
  );
  return false;
}

/** A PostgreSQL (migrated, reference data seeded) and a Redis of the test's own, for processes it starts and stops. */
export async function startPrivateServers(
  databaseOptions: { poolSize?: number; connectionTimeoutMs?: number } = {},
): Promise<{
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  database: DatabaseHandle;
}> {
  const postgres = await startPrivatePostgres(bin as string);
  const redis = await startPrivateRedis();
  const database = createDatabase({ url: postgres.url, ...databaseOptions });
  await database.migrate();
  await seedReferenceData(database.db);
  return { postgres, redis, database };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './client';
import { seedReferenceData } from './seed/reference';

/**
 * A fresh, migrated and reference-seeded database for one test file: an in-memory PGlite, or
 * with DATABASE_URL a new database on that server, dropped again by `close`.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return prepare(createDatabase());

  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await prepare(createDatabase({ url: url.toString(), poolSize: 20 }));
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function prepare(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await handle.migrate();
  await seedReferenceData(handle.db);
  return handle;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, type DatabaseTimeouts } from './client';
import { seedReferenceData } from './seed/reference';

/** Env var naming the migrated PGlite template that the test run's global setup wrote. */
export const PGLITE_TEMPLATE_ENV = 'RTB_PGLITE_TEMPLATE';
/** Env var naming the migrated database on DATABASE_URL's server that the global setup made. */
export const POSTGRES_TEMPLATE_ENV = 'RTB_POSTGRES_TEMPLATE';

/**
 * Global setup: migrate and seed one PGlite and save it, so each test file starts from a copy
 * (creating and migrating a PGlite takes seconds; loading a copy well under one).
 */
export async function writePgliteTemplate(path: string): Promise<void> {
  const handle = createDatabase();
  await handle.migrate();
  await seedReferenceData(handle.db);
  const dump = await handle.dump?.();
  await handle.close();
  if (dump) await writeFile(path, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Global setup with DATABASE_URL: a migrated and reference-seeded database on that server for
 * test files to copy (`CREATE DATABASE ... TEMPLATE` takes a fraction of migrating); resolves
 * with its name and its removal.
 */
export async function createPostgresTemplate(
  serverUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const { name, handle } = await newServerDatabase(serverUrl, 'test_template');
  await prepare(handle);
  // No session may stay on a template while it is copied.
  await handle.close();
  return { name, drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, migrated and reference-seeded database for one test file: an in-memory PGlite, or
 * with DATABASE_URL a new database on that server (a copy of the global setup's template when
 * there is one), dropped again by `close`. `timeouts` on a server: a bench seeding millions of
 * rows needs longer statements than a request may take.
 */
export async function createTestDatabase(
  options: { timeouts?: Partial<DatabaseTimeouts> } = {},
): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const templatePath = process.env[PGLITE_TEMPLATE_ENV];
    if (templatePath) {
      const handle = createDatabase({ template: new Blob([await readFile(templatePath)]) });
      await handle.migrate(); // a no-op on an up-to-date template
      return handle;
    }
    return prepare(createDatabase());
  }

  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const { name, handle } = await newServerDatabase(serverUrl, 'test', template, options.timeouts);
  // A copy of the template only needs the migrations' check (a no-op when it is up to date).
  await (template ? handle.migrate() : prepare(handle));
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A new database on the server (a copy of `template` when given) and a handle on it. */
async function newServerDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
  timeouts?: Partial<DatabaseTimeouts>,
) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The test server is shared by suites running at once: a connection may take seconds to get.
  const handle = createDatabase({ url: url.toString(), poolSize: 20, connectionTimeoutMs: 30_000, timeouts });
  return { name, handle };
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

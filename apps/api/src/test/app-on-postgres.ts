import {
  advertisers,
  createDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
  demoAccounts,
  seedDemoData,
  seedReferenceData,
} from '@rtb/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from './harness';

export interface AppOnPostgres {
  app: FastifyInstance;
  database: DatabaseHandle;
  adminToken: string;
  /** The demo advertiser 'Solo Store'. */
  soloId: number;
  close(): Promise<void>;
}

/** The API with the demo data on a PostgreSQL server of the test's own (see private-postgres). */
export async function appOnPostgres(
  url: string,
  options: Omit<DatabaseOptions, 'url' | 'dataDir' | 'template'> = {},
): Promise<AppOnPostgres> {
  const database = createDatabase({ url, ...options });
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const { app } = await buildApp({ db: database.db, config: testConfig(), logger: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/token',
    payload: { login: demoAccounts.admin.login, password: demoAccounts.admin.password },
  });
  const [solo] = await database.db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(eq(advertisers.name, 'Solo Store'));
  if (login.statusCode !== 200 || !solo) throw new Error(`demo data not usable: ${login.body}`);
  return {
    app,
    database,
    adminToken: login.json().data.authToken,
    soloId: solo.id,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

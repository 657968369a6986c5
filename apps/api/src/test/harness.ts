import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countries, currencies, type DatabaseHandle, queuedEmails, seedDemoData } from '@rtb/db';
import { createTestDatabase } from '@rtb/db/testing';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { type App, type BuildAppOptions, buildApp, type MountedHandler } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { AppDeps } from '../core/deps';
import { createRedisRateLimiter } from '../core/rate-limiter';

export interface TestResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  body: any;
  headers: Record<string, unknown>;
}

export interface TestApp extends App {
  database: DatabaseHandle;
  close(): Promise<void>;
  /** `app.inject` with JSON and an optional bearer token; returns status, parsed body, headers. */
  call(options: InjectOptions & { token?: string }): Promise<TestResponse>;
  loginAs(panel: 'admin' | 'agency' | 'advertiser', login: string, password: string): Promise<string>;
  outbox(): Promise<(typeof queuedEmails.$inferSelect)[]>;
  /** Id of a seeded country or currency by its code. */
  referenceId(list: 'countries' | 'currencies', code: string): Promise<number>;
}

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://panel.test' }),
  ...overrides,
});

/** A migrated database of its own (with the demo data when asked) and the API on top of it. */
export async function createTestApp(
  options: {
    demo?: boolean;
    config?: Partial<AppConfig>;
    deps?: Partial<Pick<AppDeps, 'limiter' | 'mailQueued'>>;
    /** Another handler on the app's port (e2e: the bidder, as `npm start` serves it). */
    mount?: MountedHandler;
    /** Sees every route as it is added (`recordRoutes` in ./routes). */
    onRoute?: BuildAppOptions['onRoute'];
    /** A migrated, reference-seeded database to use (a server of the test's own), closed with the app; a fresh one of its own when not given. */
    database?: DatabaseHandle;
    /** The demo traffic's health, as `npm start` hands it over. */
    demoTraffic?: BuildAppOptions['demoTraffic'];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  if (options.demo) await seedDemoData(database.db);
  // Files (uploads) go to a folder of this app's own, removed with it.
  const dataDir = options.config?.dataDir ?? (await mkdtemp(join(tmpdir(), 'rtb-test-data-')));
  // With REDIS_URL (CI), counters live in the Redis server, under a prefix of this app's own.
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
  const built = await buildApp({
    db: database.db,
    config: testConfig({ dataDir, ...options.config }),
    logger: false,
    ...(redis ? { limiter: createRedisRateLimiter(redis, `test:${randomUUID()}:`) } : {}),
    ...options.deps,
    ...(options.mount ? { mount: options.mount } : {}),
    onRoute: options.onRoute,
    demoTraffic: options.demoTraffic,
  });
  const app: FastifyInstance = built.app;

  const call: TestApp['call'] = async ({ token, headers, ...rest }) => {
    const res = await app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    // What the request left for after its reply (mail, tokens) is done before the test looks.
    await built.deps.background.settled();
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {}
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    ...built,
    database,
    call,
    async loginAs(panel, login, password) {
      const res = await call({
        method: 'POST',
        url: `/api/${panel}/auth/token`,
        payload: { login, password },
      });
      if (res.status !== 200)
        throw new Error(`login ${login} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.authToken as string;
    },
    async referenceId(list, code) {
      const table = list === 'countries' ? countries : currencies;
      const [row] = await database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
      if (!row) throw new Error(`no ${list} ${code}`);
      return row.id;
    },
    outbox: () => database.db.select().from(queuedEmails).orderBy(asc(queuedEmails.id)),
    async close() {
      await app.close();
      await redis?.quit();
      await database.close();
      if (!options.config?.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The token in the first link of a mail (activation, reset). */
export function tokenFromMail(html: string): string {
  const match = /[?&]token=([\w-]+)/.exec(html);
  if (!match?.[1]) throw new Error('no token link in mail');
  return match[1];
}

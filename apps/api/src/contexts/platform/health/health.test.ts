import { createServer } from 'node:net';
import { createDatabase } from '@rtb/db';
import { configKeys, messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { createTestApp, type TestApp, testConfig } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('GET /api/health', () => {
  it('answers 200 with status ok while the database answers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
  });

  it('needs no token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health', token: 'not-a-real-token' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
  });

  it('stays up during maintenance', async () => {
    await t.deps.settings.set(t.database.db, configKeys.maintenance, true);
    try {
      expect((await t.call({ method: 'GET', url: '/api/locales' })).status).toBe(503);
      const res = await t.call({ method: 'GET', url: '/api/health' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { status: 'ok' } });
    } finally {
      await t.deps.settings.set(t.database.db, configKeys.maintenance, false);
    }
  });

  it('answers 503 when the PostgreSQL server cannot be reached', async () => {
    const database = createDatabase({
      url: `postgres://rtb:rtb@127.0.0.1:${await closedPort()}/rtb`,
      poolSize: 1,
    });
    const { app } = await buildApp({ db: database.db, config: testConfig(), logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: messages.databaseUnavailable,
        code: 503,
        error: 'database.unavailable',
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

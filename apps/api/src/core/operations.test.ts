import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@rtb/db';
import { databaseReadiness } from '@rtb/operations';
import { freePort } from '@rtb/operations/testing';
import { Counter, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp, testConfig } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  // The web app is served: its fallback must never answer the operator's paths.
  const webDist = await mkdtemp(join(tmpdir(), 'rtb-web-dist-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>panel</title>');
  t = await createTestApp({ config: { webDist } });
});
afterAll(() => t.close());

describe('health, readiness and metrics of an API process', () => {
  it('answers each, with no token, never cached', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, health.body, health.headers['cache-control']]).toEqual([
      200,
      'ok\n',
      'no-store',
    ]);
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('never falls through to the web app', async () => {
    for (const url of ['/healthz/', '/readyz?probe=1', '/metrics/x', '/healthz/anything']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers['content-type']]).not.toEqual([url, expect.stringContaining('text/html')]);
      expect(res.body).not.toContain('<title>panel</title>');
    }
    const posted = await t.app.inject({ method: 'POST', url: '/readyz' });
    expect(posted.statusCode).toBe(404);
    expect(posted.body).not.toContain('<title>panel</title>');
    // The panel's own pages still are the web app.
    expect((await t.app.inject({ method: 'GET', url: '/panel/admin' })).body).toContain(
      '<title>panel</title>',
    );
  });

  it('is not ready while the database cannot be reached, and says so, while it still lives', async () => {
    const database = createDatabase({
      url: `postgres://rtb:rtb@127.0.0.1:${await freePort()}/rtb`,
      poolSize: 1,
    });
    const { app } = await buildApp({ db: database.db, config: testConfig(), logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('not_ready');
      expect(ready.json().checks.database).toMatch(/^The database does not answer: .*ECONNREFUSED/);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('keeps the metrics behind METRICS_TOKEN when it is set, and serves the registry given', async () => {
    const registry = new Registry();
    new Counter({ name: 'probe_total', help: 'a probe', registers: [registry] }).inc(3);
    const { app } = await buildApp({
      db: t.database.db,
      config: testConfig(),
      logger: false,
      operations: { readiness: databaseReadiness(t.database), registry, metricsToken: 'a-token-of-sixteen+' },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-token' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-token-of-sixteen+' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('probe_total 3');
    } finally {
      await app.close();
    }
  });
});

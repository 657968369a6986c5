import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { startTraffic, type Traffic, type TrafficHealth } from '@rtb/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminWithRole } from '../configuration/test-helpers';

const API_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let admin: string;
/** What the process hands over: no demo traffic until a test starts one. */
let health: () => TrafficHealth | null = () => null;

beforeAll(async () => {
  t = await createTestApp({ demo: true, demoTraffic: () => health() });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});
afterAll(() => t.close());

const status = (token?: string) => t.call({ method: 'GET', url: '/api/admin/demo-traffic', token });

/** A base URL whose port nothing listens on. */
async function refusingBase(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('GET /api/admin/demo-traffic', () => {
  it('says no demo traffic runs when the process runs none', async () => {
    const res = await status(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { demoTraffic: { running: false } } });
  });

  it('tells a running traffic that reaches nothing: failing, what fails, why, since when, how often', async () => {
    const base = await refusingBase();
    let firstFailure: () => void = () => {};
    const failed = new Promise<void>((resolve) => {
      firstFailure = resolve;
    });
    const traffic: Traffic = startTraffic({ url: base, rate: 20, seed: 3, log: () => firstFailure() });
    health = () => traffic.health();
    try {
      await failed;
      const res = await status(admin);
      expect(res.status).toBe(200);
      const { demoTraffic } = res.body.data;
      const failure = {
        what: 'bid_request',
        url: `${base}/openrtb2/bid`,
        cause: 'refused',
        status: null,
        reason: `connect ECONNREFUSED ${base.slice('http://'.length)}`,
        firstAt: expect.stringMatching(API_DATETIME),
        lastAt: expect.stringMatching(API_DATETIME),
        count: expect.any(Number),
      };
      expect(demoTraffic).toEqual({
        running: true,
        rate: 20,
        sent: expect.any(Number),
        bids: 0,
        calls: { ok: 0, failed: expect.any(Number) },
        failing: true,
        failures: [failure],
        lastFailure: failure,
      });
      expect(demoTraffic.failures[0].count).toBeGreaterThan(0);
      expect(demoTraffic.calls.failed).toBeLessThanOrEqual(demoTraffic.sent);
    } finally {
      await traffic.stop();
      health = () => null;
    }
  });

  it('tells a running traffic that has not failed: not failing, no failure', async () => {
    // One request every 1,000 s: none is sent while the test runs.
    const traffic = startTraffic({ url: await refusingBase(), rate: 0.001 });
    health = () => traffic.health();
    try {
      const res = await status(admin);
      expect(res.body.data.demoTraffic).toEqual({
        running: true,
        rate: 0.001,
        sent: 0,
        bids: 0,
        calls: { ok: 0, failed: 0 },
        failing: false,
        failures: [],
        lastFailure: null,
      });
    } finally {
      await traffic.stop();
      health = () => null;
    }
  });

  it('is for admins who may read the configuration; agency and advertiser users 403, no token 401', async () => {
    const viewer = await adminWithRole(t, 'viewer', 'vera@example.com');
    expect((await status(viewer)).status).toBe(200);
    for (const [panel, account] of [
      ['agency', demoAccounts.agency],
      ['advertiser', demoAccounts.advertiser],
    ] as const) {
      const refused = await status(await t.loginAs(panel, account.login, account.password));
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(messages.forbidden);
    }
    expect((await status()).status).toBe(401);
  });
});

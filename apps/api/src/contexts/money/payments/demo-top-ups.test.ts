import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { banners, campaignBanners, campaigns, demoAccounts, demoTopUpsDue, seedDemoDelivery } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId } from '../../organisations/organisations/test-users';
import { postDemoTopUps } from './demo-top-ups';

let t: TestApp;
let dataDir: string;
let shopId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  dataDir = t.deps.config.dataDir;
  await seedDemoDelivery(t.database.db, { dataDir });
  await postDemoTopUps(t.deps, await demoTopUpsDue(t.database.db));
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
});
afterAll(() => t.close());

describe('the demo delivery data', () => {
  it('gives Demo Shop approved banners whose PNG files exist and are served', async () => {
    const rows = await t.database.db.select().from(banners).where(eq(banners.advertiserId, shopId));
    expect(rows.map((b) => `${b.width}x${b.height}`).sort()).toEqual([
      '300x250',
      '300x600',
      '320x50',
      '728x90',
    ]);
    for (const banner of rows) {
      expect(banner).toMatchObject({ status: 'approved', type: 'image', mimeType: 'image/png' });
      expect(banner.assetKey).toMatch(/^[0-9a-f]{32}$/);
      const path = join(dataDir, 'creatives', banner.assetKey, banner.assetEntry);
      expect(existsSync(path)).toBe(true);
      const bytes = await readFile(path);
      expect(bytes.length).toBe(banner.fileSize);
      // The PNG's own header says the banner's size.
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([banner.width, banner.height]);
      const served = await t.call({
        method: 'GET',
        url: `/creatives/${banner.assetKey}/${banner.assetEntry}`,
      });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    }
  });

  it('gives Demo Shop two active campaigns that serve, and Solo Store none', async () => {
    const token = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const list = await t.call({ method: 'GET', url: '/api/advertiser/campaigns', token });
    expect(list.status).toBe(200);
    const rows = list.body.data.campaigns.elements as {
      name: string;
      status: string;
      pacing: string;
      servingStatus: unknown;
    }[];
    expect(rows).toHaveLength(2);
    for (const campaign of rows) {
      expect(campaign.status).toBe('active');
      expect(campaign.servingStatus).toEqual({ serving: true, reasons: [] });
    }
    expect(rows.map((c) => c.pacing).sort()).toEqual(['asap', 'even']);
    const linked = await t.database.db.select().from(campaignBanners);
    expect(linked.length).toBeGreaterThanOrEqual(4);

    const solo = await organisationId(t, 'advertiser', 'Solo Store');
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.advertiserId, solo))).toEqual([]);
  });

  it('tops Demo Shop up once through the payments service', async () => {
    const token = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const overview = await t.call({ method: 'GET', url: '/api/advertiser/payments/overview', token });
    expect(overview.status).toBe(200);
    expect(overview.body.data.paymentsOverview.balance).toBe(5_000_00);
    expect(await demoTopUpsDue(t.database.db)).toEqual([]);
  });

  it('has currency rates for every seeded currency but the base', async () => {
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const rates = await t.call({ method: 'GET', url: '/api/admin/currency-rates', token: admin });
    expect(rates.status).toBe(200);
    const byCode = Object.fromEntries(
      (rates.body.data.currencyRates.elements as { currencyCode: string; rate: string }[]).map((r) => [
        r.currencyCode,
        r.rate,
      ]),
    );
    expect(byCode).toMatchObject({ EUR: '4.30000000', USD: '3.95000000', GBP: '5.05000000' });
    expect(byCode.PLN).toBeUndefined();
  });

  it('seeds again without adding anything', async () => {
    const before = await t.database.db.select().from(banners);
    await seedDemoDelivery(t.database.db, { dataDir });
    expect(await t.database.db.select().from(banners)).toEqual(before);
    expect((await t.database.db.select().from(campaigns)).length).toBe(2);
  });
});

import { activityLogs, alertDigestSubscriptions, demoAccounts, roles } from '@rtb/db';
import { alertDigestSettingsResponse } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';

const agencyUrl = '/api/agency/me/alert-digest';
const advertiserUrl = '/api/advertiser/me/alert-digest';

let t: TestApp;
let agency: string;
let shop: string;
let agencyId: number;
let shopId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  agencyId = await organisationId(t, 'agency', 'Demo Agency');
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  // Roles that grant nothing: no advertisers (agency), no campaigns (advertiser).
  await t.database.db.insert(roles).values([
    { category: 'agency', slug: 'no-advertisers', name: 'No advertisers', editable: true },
    { category: 'advertiser', slug: 'no-campaigns', name: 'No campaigns', editable: true },
  ]);
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });
const put = (url: string, token: string | undefined, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url, token, payload });

describe('the own daily alert digest setting', () => {
  it('is off until the agency user switches it on, then on, then off again', async () => {
    const before = await get(agencyUrl, agency);
    expect(before.status).toBe(200);
    expect(alertDigestSettingsResponse.parse(before.body)).toEqual({
      data: { alertDigest: { daily: false } },
    });

    const on = await put(agencyUrl, agency, { daily: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toEqual({ data: { alertDigest: { daily: true } } });
    expect((await get(agencyUrl, agency)).body.data.alertDigest).toEqual({ daily: true });
    // Switching it on again keeps the first time (a day that fell due in between is not owed).
    const [first] = await t.database.db.select().from(alertDigestSubscriptions);
    expect((await put(agencyUrl, agency, { daily: true })).status).toBe(200);
    expect(await t.database.db.select().from(alertDigestSubscriptions)).toEqual([first]);

    expect((await put(agencyUrl, agency, { daily: false })).body.data.alertDigest).toEqual({ daily: false });
    expect((await get(agencyUrl, agency)).body.data.alertDigest).toEqual({ daily: false });
    expect(await t.database.db.select().from(alertDigestSubscriptions)).toEqual([]);
  });

  it('is an advertiser user’s own too', async () => {
    expect((await get(advertiserUrl, shop)).body.data.alertDigest).toEqual({ daily: false });
    expect((await put(advertiserUrl, shop, { daily: true })).status).toBe(200);
    expect((await get(advertiserUrl, shop)).body.data.alertDigest).toEqual({ daily: true });
    // Each user's own: the agency user's stays off.
    expect((await get(agencyUrl, agency)).body.data.alertDigest).toEqual({ daily: false });
    const other = await organisationUser(t, 'advertiser', shopId, { login: 'own.digest@example.com' });
    expect((await get(advertiserUrl, other.token)).body.data.alertDigest).toEqual({ daily: false });
    await put(advertiserUrl, shop, { daily: false });
  });

  it('goes in the organisation’s activity log when it changes, not when it stays', async () => {
    const entries = () =>
      t.database.db
        .select({ changes: activityLogs.changes })
        .from(activityLogs)
        .where(and(eq(activityLogs.entityType, 'agency_user'), eq(activityLogs.agencyId, agencyId)));
    const count = (await entries()).length;
    await put(agencyUrl, agency, { daily: true });
    await put(agencyUrl, agency, { daily: true });
    expect((await entries()).slice(count)).toEqual([
      { changes: { before: { dailyAlertDigest: false }, after: { dailyAlertDigest: true } } },
    ]);
    await put(agencyUrl, agency, { daily: false });
  });

  it('answers bad input with field errors', async () => {
    for (const payload of [{ daily: 'yes' }, {}, { daily: null }]) {
      const res = await put(agencyUrl, agency, payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['daily']);
    }
  });

  it('is refused to strangers, other panels, users without the permission and service users (changes)', async () => {
    for (const url of [agencyUrl, advertiserUrl]) {
      expect((await get(url)).status).toBe(401);
      expect((await put(url, undefined, { daily: true })).status).toBe(401);
    }
    expect((await get(agencyUrl, shop)).status).toBe(403);
    expect((await put(advertiserUrl, agency, { daily: true })).status).toBe(403);
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    expect((await get(agencyUrl, admin)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/me/alert-digest', token: admin })).status).toBe(
      404,
    );

    const blind = await organisationUser(t, 'agency', agencyId, {
      login: 'no.advertisers@example.com',
      role: 'no-advertisers',
    });
    expect((await get(agencyUrl, blind.token)).status).toBe(403);
    expect((await put(agencyUrl, blind.token, { daily: true })).status).toBe(403);
    const noCampaigns = await organisationUser(t, 'advertiser', shopId, {
      login: 'no.campaigns@example.com',
      role: 'no-campaigns',
    });
    expect((await get(advertiserUrl, noCampaigns.token)).status).toBe(403);

    const service = await organisationUser(t, 'agency', agencyId, {
      login: 'robot@agency.example.com',
      type: 'service',
    });
    expect((await get(agencyUrl, service.token)).status).toBe(200);
    expect((await put(agencyUrl, service.token, { daily: true })).status).toBe(403);
    expect(await t.database.db.select().from(alertDigestSubscriptions)).toEqual([]);
  });
});

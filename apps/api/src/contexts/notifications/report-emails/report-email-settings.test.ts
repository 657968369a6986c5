import { activityLogs, demoAccounts, roles, weeklyReportSubscriptions } from '@rtb/db';
import { reportEmailSettingsResponse } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';

const url = '/api/advertiser/me/report-emails';

let t: TestApp;
let shop: string;
let shopId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  // A role that grants everything but reports.
  await t.database.db
    .insert(roles)
    .values({ category: 'advertiser', slug: 'no-reports', name: 'No reports', editable: true });
});
afterAll(() => t.close());

const get = (token: string) => t.call({ method: 'GET', url, token });
const put = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url, token, payload });

describe('the own weekly report e-mail setting', () => {
  it('is off until the user switches it on, then on, then off again', async () => {
    const before = await get(shop);
    expect(before.status).toBe(200);
    expect(reportEmailSettingsResponse.parse(before.body)).toEqual({
      data: { reportEmails: { weekly: false } },
    });

    const on = await put(shop, { weekly: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toEqual({ data: { reportEmails: { weekly: true } } });
    expect((await get(shop)).body.data.reportEmails).toEqual({ weekly: true });
    // Switching it on again keeps the first time (a week that fell due in between is not owed).
    const [first] = await t.database.db.select().from(weeklyReportSubscriptions);
    expect((await put(shop, { weekly: true })).status).toBe(200);
    expect(await t.database.db.select().from(weeklyReportSubscriptions)).toEqual([first]);

    expect((await put(shop, { weekly: false })).body.data.reportEmails).toEqual({ weekly: false });
    expect((await get(shop)).body.data.reportEmails).toEqual({ weekly: false });
    expect(await t.database.db.select().from(weeklyReportSubscriptions)).toEqual([]);
  });

  it('goes in the advertiser’s activity log when it changes, not when it stays', async () => {
    const entries = () =>
      t.database.db
        .select({ changes: activityLogs.changes, advertiserId: activityLogs.advertiserId })
        .from(activityLogs)
        .where(and(eq(activityLogs.entityType, 'advertiser_user'), eq(activityLogs.advertiserId, shopId)));
    const count = (await entries()).length;
    await put(shop, { weekly: true });
    await put(shop, { weekly: true });
    const rows = (await entries()).slice(count);
    expect(rows).toEqual([
      {
        changes: { before: { weeklyReportEmail: false }, after: { weeklyReportEmail: true } },
        advertiserId: shopId,
      },
    ]);
    await put(shop, { weekly: false });
  });

  it('is each user’s own: another user of the advertiser keeps theirs', async () => {
    const other = await organisationUser(t, 'advertiser', shopId, { login: 'own.setting@example.com' });
    await put(other.token, { weekly: true });
    expect((await get(shop)).body.data.reportEmails).toEqual({ weekly: false });
    expect((await get(other.token)).body.data.reportEmails).toEqual({ weekly: true });
  });

  it('answers bad input with field errors', async () => {
    for (const payload of [{ weekly: 'yes' }, {}, { weekly: null }]) {
      const res = await put(shop, payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['weekly']);
    }
  });

  it('is refused to users who may not read reports, service users (changes), other panels and strangers', async () => {
    const blind = await organisationUser(t, 'advertiser', shopId, {
      login: 'no.reports@example.com',
      role: 'no-reports',
    });
    expect((await get(blind.token)).status).toBe(403);
    expect((await put(blind.token, { weekly: true })).status).toBe(403);

    const service = await organisationUser(t, 'advertiser', shopId, {
      login: 'robot@example.com',
      type: 'service',
    });
    expect((await get(service.token)).status).toBe(200);
    expect((await put(service.token, { weekly: true })).status).toBe(403);

    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await get(agency)).status).toBe(403);
    expect((await put(agency, { weekly: true })).status).toBe(403);
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
  });
});

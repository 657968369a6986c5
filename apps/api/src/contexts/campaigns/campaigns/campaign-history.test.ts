import { demoAccounts } from '@rtb/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId } from '../../organisations/organisations/test-users';
import { createCampaign, todayOf, validCampaign } from './test-helpers';

let t: TestApp;
let shop: string;
let solo: string;
let campaignId: number;

interface Entry {
  event: string;
  entityType: string;
  entityId: string;
  entityName: string | null;
  changes: { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
  actor: { name: string } | null;
}

const history = (token: string | undefined, id: number, query = '') =>
  t.call({ method: 'GET', url: `/api/advertiser/campaigns/${id}/history${query}`, token });
const entries = (res: { body: { data: { activityLogs: { elements: Entry[] } } } }) =>
  res.body.data.activityLogs.elements;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  const today = await todayOf(t, await organisationId(t, 'advertiser', 'Demo Shop'));
  const body = validCampaign(today, { name: 'Spring sale', dailyBudget: 5_000 });
  campaignId = (await createCampaign(t, shop, body)).id;
  const updated = await t.call({
    method: 'PUT',
    url: `/api/advertiser/campaigns/${campaignId}`,
    token: shop,
    payload: { ...body, dailyBudget: 8_000 },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  // Another campaign's changes are not this one's history.
  await createCampaign(t, shop, validCampaign(today, { name: 'Other' }));
});
afterAll(() => t.close());

describe("a campaign's history", () => {
  it("lists the campaign's own changes, newest first, named, with what changed and who changed it", async () => {
    const res = await history(shop, campaignId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = entries(res);
    expect(rows.map((row) => row.event)).toEqual(['updated', 'created']);
    expect(rows.every((row) => row.entityType === 'campaign' && row.entityId === String(campaignId))).toBe(
      true,
    );
    expect(rows[0]?.entityName).toBe('Spring sale');
    expect(rows[0]?.changes.before?.dailyBudget).toBe(5_000);
    expect(rows[0]?.changes.after?.dailyBudget).toBe(8_000);
    expect(rows[0]?.actor?.name).toBeTruthy();
  });

  it('pages with the cursor the page before gave', async () => {
    const first = await history(shop, campaignId, '?perPage=1');
    expect(entries(first).map((row) => row.event)).toEqual(['updated']);
    const cursor = first.body.data.activityLogs.meta.nextCursor as string;
    expect(cursor).toBeTruthy();
    const second = await history(shop, campaignId, `?perPage=1&cursor=${cursor}`);
    expect(entries(second).map((row) => row.event)).toEqual(['created']);
  });

  it("is not found for another advertiser, and refused to the signed-out and other panels' users", async () => {
    const other = await history(solo, campaignId);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Spring sale');
    expect((await history(shop, 999_999)).status).toBe(404);
    expect((await history(undefined, campaignId)).status).toBe(401);
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    expect((await history(admin, campaignId)).status).toBe(403);
    expect((await history(shop, campaignId, '?perPage=0')).status).toBe(422);
  });
});

import { demoAccounts } from '@rtb/db';
import { audienceMessages, messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId } from '../../organisations/organisations/test-users';
import { createAudience } from '../audiences/test-helpers';
import { createCampaign, todayOf, validCampaign } from './test-helpers';

const base = '/api/advertiser/campaigns';

let t: TestApp;
let shop: string;
let today: string;
let audiences: { visitors: number; buyers: number; abandoners: number; solo: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  const solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  today = await todayOf(t, await organisationId(t, 'advertiser', 'Demo Shop'));
  audiences = {
    visitors: (await createAudience(t, shop, { name: 'Visitors', rule: 'all_visitors' })).id,
    buyers: (await createAudience(t, shop, { name: 'Buyers', rule: 'buyers' })).id,
    abandoners: (await createAudience(t, shop, { name: 'Abandoners', rule: 'cart_abandoners' })).id,
    solo: (await createAudience(t, solo, { name: 'Solo visitors', rule: 'all_visitors' })).id,
  };
});
afterAll(() => t.close());

/** The field errors of a refused campaign form, new (POST) or replacing one (PUT). */
async function errorsOf(change: Record<string, unknown>, id?: number): Promise<Record<string, string[]>> {
  const res = await t.call({
    method: id ? 'PUT' : 'POST',
    url: id ? `${base}/${id}` : base,
    token: shop,
    payload: { ...validCampaign(today), ...change },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toBe(messages.validation);
  return res.body.errors;
}

describe('a campaign’s audiences', () => {
  it('includes and excludes the advertiser’s own audiences, each kept once', async () => {
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, {
        audienceIncludeIds: [audiences.visitors, audiences.abandoners, audiences.visitors],
        audienceExcludeIds: [audiences.buyers],
      }),
    );
    expect(created).toMatchObject({
      audienceIncludeIds: [audiences.visitors, audiences.abandoners],
      audienceExcludeIds: [audiences.buyers],
    });
    const changed = await t.call({
      method: 'PUT',
      url: `${base}/${created.id}`,
      token: shop,
      payload: validCampaign(today, { audienceIncludeIds: [audiences.buyers], audienceExcludeIds: [] }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const read = await t.call({ method: 'GET', url: `${base}/${created.id}`, token: shop });
    expect(read.body.data.campaign).toMatchObject({
      audienceIncludeIds: [audiences.buyers],
      audienceExcludeIds: [],
    });
    // Without audiences it bids on anyone.
    expect(await createCampaign(t, shop, validCampaign(today))).toMatchObject({
      audienceIncludeIds: [],
      audienceExcludeIds: [],
    });
  });

  it('refuses another advertiser’s audience, or one that does not exist, on its field', async () => {
    expect(await errorsOf({ audienceIncludeIds: [audiences.visitors, audiences.solo] })).toEqual({
      audienceIncludeIds: [audienceMessages.audienceNotFound],
    });
    expect(await errorsOf({ audienceExcludeIds: [audiences.solo] })).toEqual({
      audienceExcludeIds: [audienceMessages.audienceNotFound],
    });
    expect(await errorsOf({ audienceIncludeIds: [999_999] })).toEqual({
      audienceIncludeIds: [audienceMessages.audienceNotFound],
    });
    const campaign = await createCampaign(t, shop, validCampaign(today));
    expect(await errorsOf({ audienceIncludeIds: [audiences.solo] }, campaign.id)).toEqual({
      audienceIncludeIds: [audienceMessages.audienceNotFound],
    });
    const read = await t.call({ method: 'GET', url: `${base}/${campaign.id}`, token: shop });
    expect(read.body.data.campaign.audienceIncludeIds).toEqual([]);
  });

  it('refuses an audience both included and excluded', async () => {
    expect(
      await errorsOf({
        audienceIncludeIds: [audiences.visitors, audiences.buyers],
        audienceExcludeIds: [audiences.buyers],
      }),
    ).toEqual({ audienceExcludeIds: [audienceMessages.includedAndExcluded] });
    const campaign = await createCampaign(t, shop, validCampaign(today));
    expect(
      await errorsOf(
        { audienceIncludeIds: [audiences.abandoners], audienceExcludeIds: [audiences.abandoners] },
        campaign.id,
      ),
    ).toEqual({ audienceExcludeIds: [audienceMessages.includedAndExcluded] });
  });

  it('takes at most 20 audiences each, as positive ids', async () => {
    const many = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(Object.keys(await errorsOf({ audienceIncludeIds: many }))).toEqual(['audienceIncludeIds']);
    expect(Object.keys(await errorsOf({ audienceExcludeIds: [0] }))).toEqual(['audienceExcludeIds.0']);
  });
});

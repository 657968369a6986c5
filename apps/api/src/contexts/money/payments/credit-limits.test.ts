import { paymentMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { moneyFixture } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

const setCredit = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/admin/log-credits', token: f.admin, payload });

describe('credit limit changes', () => {
  it('sets the limit with a reason, logged as a ledger operation the organisation reads', async () => {
    const res = await setCredit({
      advertiserId: f.shopId,
      creditLimit: 25_000,
      useCreditLimit: true,
      reason: 'Good payer',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.logCredit).toMatchObject({
      advertiser: { id: f.shopId, name: 'Demo Shop' },
      agency: null,
      currency: { code: 'PLN' },
      creditLimitBefore: 0,
      creditLimitAfter: 25_000,
      useCreditLimitBefore: false,
      useCreditLimitAfter: true,
      reason: 'Good payer',
      initiator: { name: 'Ada Admin' },
    });
    const { advertiser } = await f.get(`/api/admin/advertisers/${f.shopId}`, f.admin);
    expect(advertiser).toMatchObject({ creditLimit: 25_000, useCreditLimit: true, availableCredit: 25_000 });
    const own = await f.get('/api/advertiser/log-credits', f.shop);
    expect(own.logCredits.elements).toHaveLength(1);
    expect((await f.get('/api/advertiser/log-credits', f.solo)).logCredits.elements).toHaveLength(0);
    expect((await f.get('/api/agency/log-credits', f.agency)).logCredits.elements).toHaveLength(0);
    const activity = await f.get(
      `/api/admin/activity-logs?entityType=advertiser&entityId=${f.shopId}`,
      f.admin,
    );
    expect(activity.activityLogs.elements[0].changes).toEqual({
      before: { creditLimit: 0, useCreditLimit: false },
      after: { creditLimit: 25_000, useCreditLimit: true },
    });
  });

  it('refuses no change, both or neither organisation, a missing reason and an unknown organisation', async () => {
    const same = await setCredit({
      advertiserId: f.shopId,
      creditLimit: 25_000,
      useCreditLimit: true,
      reason: 'Same',
    });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ creditLimit: [paymentMessages.sameCreditLimit] });
    const both = await setCredit({
      agencyId: f.agencyId,
      advertiserId: f.shopId,
      creditLimit: 1,
      useCreditLimit: true,
      reason: 'Both',
    });
    expect(both.body.errors).toEqual({ agencyId: [paymentMessages.oneOrganisation] });
    const neither = await setCredit({ creditLimit: 1, useCreditLimit: true, reason: 'None' });
    expect(neither.body.errors).toEqual({ agencyId: [paymentMessages.oneOrganisation] });
    const noReason = await setCredit({ agencyId: f.agencyId, creditLimit: 1, useCreditLimit: true });
    expect(noReason.body.errors).toEqual({ reason: [paymentMessages.reasonRequired] });
    const unknown = await setCredit({
      agencyId: 999_999,
      creditLimit: 1,
      useCreditLimit: true,
      reason: 'Ghost',
    });
    expect(unknown.status).toBe(404);
  });

  it('logs a change made with the organisation details, and credit given at creation', async () => {
    const put = await t.call({
      method: 'PUT',
      url: `/api/admin/agencies/${f.agencyId}`,
      token: f.admin,
      payload: { name: 'Demo Agency', creditLimit: 40_000, useCreditLimit: true },
    });
    expect(put.status).toBe(200);
    const renamed = await t.call({
      method: 'PUT',
      url: `/api/admin/agencies/${f.agencyId}`,
      token: f.admin,
      payload: { name: 'Demo Agency' },
    });
    expect(renamed.status).toBe(200);
    const { logCredits } = await f.get('/api/agency/log-credits', f.agency);
    expect(logCredits.elements).toEqual([
      expect.objectContaining({
        creditLimitBefore: 0,
        creditLimitAfter: 40_000,
        reason: null,
        initiator: expect.objectContaining({ name: 'Ada Admin' }),
      }),
    ]);
    const created = await t.call({
      method: 'POST',
      url: '/api/admin/agencies',
      token: f.admin,
      payload: { name: 'Credit From Day One', creditLimit: 5_000, useCreditLimit: true },
    });
    const id = created.body.data.agency.id;
    const all = await f.get(`/api/admin/log-credits?agencyId=${id}`, f.admin);
    expect(all.logCredits.elements).toEqual([
      expect.objectContaining({ creditLimitBefore: 0, creditLimitAfter: 5_000, currency: null }),
    ]);
  });
});

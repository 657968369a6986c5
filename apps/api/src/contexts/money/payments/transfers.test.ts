import { messages, paymentMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectLedgerInvariants, moneyFixture } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

const transfer = (payload: Record<string, unknown>, token = f.agency) =>
  f.send('POST', '/api/agency/payments/transfers', token, payload);
const shopInfo = async () => (await f.get('/api/advertiser/payments/overview', f.shop)).paymentsOverview;

describe('agency transfers to its advertisers', () => {
  it('needs the money (or credit) on the agency balance', async () => {
    const res = await transfer({ advertiserId: f.shopId, amount: 1 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { amount: [paymentMessages.insufficientFunds] },
    });
  });

  it("funds the advertiser's own balance while the agency does not pay its campaigns", async () => {
    await f.send('POST', `/api/admin/agencies/${f.agencyId}/top-ups`, f.admin, {
      type: 'manual_top_up',
      amount: 100_000,
      reason: 'Agency wire',
    });
    const res = await transfer({ advertiserId: f.shopId, amount: 30_000, reason: 'March budget' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.payment).toMatchObject({
      type: 'transfer',
      account: 'balance',
      agency: { id: f.agencyId, name: 'Demo Agency' },
      advertiser: null,
      counterparty: { id: f.shopId, name: 'Demo Shop' },
      amount: -30_000,
      balanceBefore: 100_000,
      balanceAfter: 70_000,
      reason: 'March budget',
      initiator: { name: 'Adam Agencki', email: 'agency@example.com' },
    });
    const { payments } = await f.get('/api/advertiser/payments', f.shop);
    expect(payments.elements[0]).toMatchObject({
      type: 'transfer',
      account: 'balance',
      advertiser: { id: f.shopId },
      counterparty: { id: f.agencyId, name: 'Demo Agency' },
      amount: 30_000,
      balanceAfter: 30_000,
    });
    expect(await shopInfo()).toMatchObject({ balance: 30_000, balanceAgency: 0, agencyPaidCampaigns: false });
  });

  it('funds the agency balance of an advertiser whose campaigns it pays, and takes unspent funding back', async () => {
    const put = await t.call({
      method: 'PUT',
      url: `/api/admin/advertisers/${f.shopId}`,
      token: f.admin,
      payload: { name: 'Demo Shop', agencyPaidCampaigns: true },
    });
    expect(put.status).toBe(200);
    const res = await transfer({ advertiserId: f.shopId, amount: 20_000 });
    expect(res.body.data.payment).toMatchObject({ amount: -20_000, balanceAfter: 50_000 });
    expect(await shopInfo()).toMatchObject({
      balance: 30_000,
      balanceAgency: 20_000,
      agencyPaidCampaigns: true,
    });

    const back = await transfer({ advertiserId: f.shopId, amount: 5_000, direction: 'from_advertiser' });
    expect(back.body.data.payment).toMatchObject({ amount: 5_000, balanceAfter: 55_000 });
    expect((await shopInfo()).balanceAgency).toBe(15_000);
    const tooMuch = await transfer({ advertiserId: f.shopId, amount: 15_001, direction: 'from_advertiser' });
    expect(tooMuch.body.errors).toEqual({ amount: [paymentMessages.returnAboveAgencyBalance] });
    const { payments } = await f.get('/api/advertiser/payments?account=agency_balance', f.shop);
    expect(payments.elements.map((p: { amount: number }) => p.amount)).toEqual([-5_000, 20_000]);
    await expectLedgerInvariants(t.database.db);
  });

  it('may use the agency credit limit', async () => {
    await t.call({
      method: 'POST',
      url: '/api/admin/log-credits',
      token: f.admin,
      payload: { agencyId: f.agencyId, creditLimit: 10_000, useCreditLimit: true, reason: 'Seasonal' },
    });
    const res = await transfer({ advertiserId: f.shopId, amount: 65_000 });
    expect(res.body.data.payment.balanceAfter).toBe(-10_000);
    const over = await transfer({ advertiserId: f.shopId, amount: 1 });
    expect(over.body.errors).toEqual({ amount: [paymentMessages.insufficientFunds] });
  });

  it('only to its own advertisers, in its currency', async () => {
    for (const advertiserId of [f.soloId, 999_999]) {
      const res = await transfer({ advertiserId, amount: 1 });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ advertiserId: [paymentMessages.notOwnAdvertiser] });
    }
    const eur = await t.call({
      method: 'POST',
      url: '/api/admin/advertisers',
      token: f.admin,
      payload: {
        name: 'Euro Shop',
        agencyId: f.agencyId,
        currencyId: await t.referenceId('currencies', 'EUR'),
      },
    });
    const res = await transfer({ advertiserId: eur.body.data.advertiser.id, amount: 1 });
    expect(res.body.errors).toEqual({ advertiserId: [paymentMessages.currencyMismatch] });
  });

  it('is for agencies: advertisers and admins cannot call it', async () => {
    for (const token of [f.shop, f.admin]) {
      const res = await transfer({ advertiserId: f.shopId, amount: 1 }, token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
    expect(
      (await t.call({ method: 'POST', url: '/api/advertiser/payments/transfers', token: f.shop })).status,
    ).toBe(404);
  });
});

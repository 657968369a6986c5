import { postSpend } from '@rtb/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { moneyFixture } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

describe("an agency's commission on its payments page", () => {
  it('shows the commission account on the card, the trend and the list, beside the own balance', async () => {
    const topUp = await f.send('POST', `/api/admin/advertisers/${f.shopId}/top-ups`, f.admin, {
      type: 'manual_top_up',
      amount: 100_000,
      reason: 'Funds',
    });
    expect(topUp.status).toBe(201);
    // 1.23 of commission (micro-units: 10,000 a minor unit) credited to the agency by its advertiser's spend.
    await inTransaction(t.deps, (tx) =>
      postSpend(tx.db, {
        advertiserId: f.shopId,
        mediaMicros: 5_000_000,
        marginMicros: 0,
        commissionMicros: 1_230_000,
        reference: 'commission-1',
      }),
    );

    const { paymentsOverview } = await f.get('/api/agency/payments/overview', f.agency);
    expect(paymentsOverview).toMatchObject({ balance: 0, commission: 123 });
    const shop = await f.get('/api/advertiser/payments/overview', f.shop);
    expect(shop.paymentsOverview.commission).toBeNull();

    const { balanceHistory } = await f.get('/api/agency/payments/balance-history?days=7', f.agency);
    expect(balanceHistory.moved).toBe(true);
    expect(balanceHistory.days[6]).toMatchObject({ balance: 0, commission: 123, balanceAgency: null });

    const { payments } = await f.get('/api/agency/payments', f.agency);
    expect(payments.elements).toEqual([
      expect.objectContaining({ type: 'spend', account: 'commission', amount: 123, balanceAfter: 123 }),
    ]);
  });
});

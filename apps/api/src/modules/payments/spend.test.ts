import { advertisers } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../core/deps';
import { createTestApp, type TestApp } from '../../test/harness';
import { postSpend, type SpendBatch } from './post-spend';
import { expectLedgerInvariants, moneyFixture } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

let batches = 0;
const spend = (advertiserId: number, micros: number, reference = `batch-${++batches}`) =>
  inTransaction(t.deps, (tx) => postSpend(tx, { advertiserId, micros, reference } satisfies SpendBatch));
const topUp = (kind: 'advertisers' | 'agencies', id: number, amount: number) =>
  f.send('POST', `/api/admin/${kind}/${id}/top-ups`, f.admin, {
    type: 'manual_top_up',
    amount,
    reason: 'Funds',
  });
const balances = async (token: string) => {
  const { paymentsOverview } = await f.get('/api/advertiser/payments/overview', token);
  return { balance: paymentsOverview.balance, balanceAgency: paymentsOverview.balanceAgency };
};

describe('campaign spend', () => {
  it('debits whole minor units and carries the micro-unit remainder to the next batch', async () => {
    await topUp('advertisers', f.soloId, 1_000);
    expect(await spend(f.soloId, 15_000)).toEqual({ counted: true, charged: 1, unpostedMicros: 5_000 });
    expect(await spend(f.soloId, 4_999)).toEqual({ counted: true, charged: 0, unpostedMicros: 9_999 });
    expect(await spend(f.soloId, 1)).toEqual({ counted: true, charged: 1, unpostedMicros: 0 });
    expect(await spend(f.soloId, 1_234_567)).toEqual({ counted: true, charged: 123, unpostedMicros: 4_567 });
    expect((await balances(f.solo)).balance).toBe(1_000 - 125);
    const { payments } = await f.get('/api/advertiser/payments?type=spend', f.solo);
    expect(payments.elements.map((p: { amount: number }) => p.amount)).toEqual([-123, -1, -1]);
    expect(payments.elements[0]).toMatchObject({ initiator: null, reason: null, balanceAfter: 875 });
  });

  it('counts a batch once, however often it is sent', async () => {
    expect(await spend(f.soloId, 20_000, 'campaign-7-minute-1')).toMatchObject({ counted: true, charged: 2 });
    expect(await spend(f.soloId, 20_000, 'campaign-7-minute-1')).toEqual({
      counted: false,
      charged: 0,
      unpostedMicros: 0,
    });
    expect((await balances(f.solo)).balance).toBe(873);
  });

  it('never goes below minus the credit limit: what does not fit waits for the next top-up', async () => {
    await t.call({
      method: 'POST',
      url: '/api/admin/log-credits',
      token: f.admin,
      payload: { advertiserId: f.soloId, creditLimit: 100, useCreditLimit: true, reason: 'Small credit' },
    });
    // 873 + 100 of credit = 973 minor units may go; 1,000 (and the 4,567 micro-units carried) are due.
    expect(await spend(f.soloId, 10_000_000)).toEqual({
      counted: true,
      charged: 973,
      unpostedMicros: 274_567,
    });
    expect((await balances(f.solo)).balance).toBe(-100);
    expect(await spend(f.soloId, 0)).toMatchObject({ charged: 0, unpostedMicros: 274_567 });
    await topUp('advertisers', f.soloId, 500);
    expect(await spend(f.soloId, 0)).toEqual({ counted: true, charged: 27, unpostedMicros: 4_567 });
    expect((await balances(f.solo)).balance).toBe(373);
  });

  it("spends the agency-funded balance when the agency pays the advertiser's campaigns", async () => {
    await t.database.db
      .update(advertisers)
      .set({ agencyPaidCampaigns: true })
      .where(eq(advertisers.id, f.shopId));
    await topUp('agencies', f.agencyId, 10_000);
    await f.send('POST', '/api/agency/payments/transfers', f.agency, { advertiserId: f.shopId, amount: 300 });
    await topUp('advertisers', f.shopId, 5_000);
    expect(await spend(f.shopId, 5_000_000)).toMatchObject({ charged: 300, unpostedMicros: 2_000_000 });
    expect(await balances(f.shop)).toEqual({ balance: 5_000, balanceAgency: 0 });
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses what is not a whole, non-negative number of micro-units', async () => {
    await expect(spend(f.soloId, -1)).rejects.toThrow('whole number of micro-units');
    await expect(spend(f.soloId, 1.5)).rejects.toThrow('whole number of micro-units');
  });
});

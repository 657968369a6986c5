import { advertisers, agencies, type Database } from '@rtb/db';
import { postSpend } from '@rtb/ledger';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { accountActor } from '../../platform/activity-logs/service';
import { manualOperation } from './manual-operation';
import { expectLedgerInvariants, moneyFixture, rowsOf } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

interface Parts {
  media: number;
  margin?: number;
  commission?: number;
}
let batches = 0;
const spend = (advertiserId: number, parts: Parts | number, reference = `batch-${++batches}`) => {
  const p = typeof parts === 'number' ? { media: parts } : parts;
  return inTransaction(t.deps, (tx) =>
    postSpend(tx.db, {
      advertiserId,
      mediaMicros: p.media,
      marginMicros: p.margin ?? 0,
      commissionMicros: p.commission ?? 0,
      reference,
    }),
  );
};
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
const media = (charged: number) => ({ media: charged, margin: 0, commission: 0 });

/** What the advertiser's spend transactions credited to each purpose, and what its accounts carry. */
async function spendBooks(db: Database, advertiserId: number) {
  const credited = rowsOf<{ purpose: string; sum: string }>(
    await db.execute(sql`
      select a.purpose, sum(e.amount) as sum from ledger_entries e
      join ledger_transactions x on x.id = e.transaction_id
      join ledger_accounts a on a.id = e.ledger_account_id
      where x.type = 'spend' and x.advertiser_id = ${advertiserId}
      group by a.purpose`),
  );
  const carried = rowsOf<{
    purpose: string;
    balance: string;
    gross: string;
    margin: string;
    commission: string;
  }>(
    await db.execute(sql`
      select purpose, balance, unposted_spend_micros as gross, unposted_margin_micros as margin,
             unposted_commission_micros as commission
      from ledger_accounts where advertiser_id = ${advertiserId}`),
  );
  return {
    credited: Object.fromEntries(credited.map((r) => [r.purpose, Number(r.sum)])) as Record<string, number>,
    carried: carried.map((r) => ({
      purpose: r.purpose,
      balance: Number(r.balance),
      gross: Number(r.gross),
      margin: Number(r.margin),
      commission: Number(r.commission),
    })),
  };
}

describe('campaign spend', () => {
  it('debits whole minor units and carries the micro-unit remainder to the next batch', async () => {
    await topUp('advertisers', f.soloId, 1_000);
    expect(await spend(f.soloId, 15_000)).toEqual({
      counted: true,
      charged: 1,
      credited: media(1),
      unpostedMicros: 5_000,
    });
    expect(await spend(f.soloId, 4_999)).toMatchObject({ charged: 0, unpostedMicros: 9_999 });
    expect(await spend(f.soloId, 1)).toMatchObject({ charged: 1, unpostedMicros: 0 });
    expect(await spend(f.soloId, 1_234_567)).toMatchObject({ charged: 123, unpostedMicros: 4_567 });
    expect((await balances(f.solo)).balance).toBe(1_000 - 125);
    // The payments list shows the day's spend as one line: its three postings summed.
    const { payments } = await f.get('/api/advertiser/payments?type=spend', f.solo);
    expect(payments.elements).toHaveLength(1);
    expect(payments.elements[0]).toMatchObject({
      amount: -125,
      postings: 3,
      campaign: null,
      initiator: null,
      reason: null,
      balanceBefore: 1_000,
      balanceAfter: 875,
    });
  });

  it('counts a batch once, however often it is sent', async () => {
    expect(await spend(f.soloId, 20_000, 'campaign-7-minute-1')).toMatchObject({ counted: true, charged: 2 });
    expect(await spend(f.soloId, 20_000, 'campaign-7-minute-1')).toEqual({
      counted: false,
      charged: 0,
      credited: media(0),
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
    expect(await spend(f.soloId, 10_000_000)).toMatchObject({ charged: 973, unpostedMicros: 274_567 });
    expect((await balances(f.solo)).balance).toBe(-100);
    expect(await spend(f.soloId, 0)).toMatchObject({ charged: 0, unpostedMicros: 274_567 });
    await topUp('advertisers', f.soloId, 500);
    expect(await spend(f.soloId, 0)).toMatchObject({ charged: 27, unpostedMicros: 4_567 });
    expect((await balances(f.solo)).balance).toBe(373);
  });

  it("splits the gross into the platform's media and revenue and the agency's commission", async () => {
    await topUp('advertisers', f.shopId, 1_000);
    expect(
      await spend(f.shopId, { media: 1_234_567, margin: 345_678, commission: 222_222 }, 'split-1'),
    ).toEqual({
      counted: true,
      charged: 123 + 34 + 22,
      credited: { media: 123, margin: 34, commission: 22 },
      unpostedMicros: 4_567 + 5_678 + 2_222,
    });
    // Each part's remainder completes its own next minor unit.
    expect(
      await spend(f.shopId, { media: 5_433, margin: 4_322, commission: 7_778 }, 'split-2'),
    ).toMatchObject({
      credited: { media: 1, margin: 1, commission: 1 },
      unpostedMicros: 0,
    });
    const books = await spendBooks(t.database.db, f.shopId);
    expect(books.credited).toEqual({
      balance: -182,
      platform_media: 124,
      platform_revenue: 35,
      commission: 23,
    });
    const [agencyCommission] = rowsOf<{ balance: string | number; currency: string }>(
      await t.database.db.execute(sql`
        select a.balance, c.code as currency from ledger_accounts a join currencies c on c.id = a.currency_id
        where a.agency_id = ${f.agencyId} and a.purpose = 'commission'`),
    );
    expect({ ...agencyCommission, balance: Number(agencyCommission?.balance) }).toEqual({
      balance: 23,
      currency: 'PLN',
    });
    expect((await balances(f.shop)).balance).toBe(1_000 - 182);
    await expectLedgerInvariants(t.database.db);
  });

  it('keeps the commission of an advertiser without an agency on the platform', async () => {
    expect(await spend(f.soloId, { media: 0, margin: 0, commission: 30_000 })).toMatchObject({
      credited: { media: 0, margin: 0, commission: 3 },
    });
    expect((await spendBooks(t.database.db, f.soloId)).credited).toMatchObject({ platform_revenue: 3 });
  });

  it("spends the agency-funded balance when the agency pays the advertiser's campaigns", async () => {
    await t.database.db
      .update(advertisers)
      .set({ agencyPaidCampaigns: true })
      .where(eq(advertisers.id, f.shopId));
    await topUp('agencies', f.agencyId, 10_000);
    await f.send('POST', '/api/agency/payments/transfers', f.agency, { advertiserId: f.shopId, amount: 300 });
    expect(await spend(f.shopId, 5_000_000)).toMatchObject({ charged: 300, unpostedMicros: 2_000_000 });
    expect(await balances(f.shop)).toEqual({ balance: 818, balanceAgency: 0 });
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses what is not a whole, non-negative number of micro-units', async () => {
    await expect(spend(f.soloId, -1)).rejects.toThrow('whole number of micro-units');
    await expect(spend(f.soloId, 1.5)).rejects.toThrow('whole number of micro-units');
    await expect(spend(f.soloId, { media: 0, margin: -1, commission: 2 })).rejects.toThrow(
      'whole number of micro-units',
    );
  });
});

describe('campaign spend over random batches', () => {
  const part = fc.integer({ min: 0, max: 3_000_000 });
  const batch = fc.record({ media: part, margin: part, commission: part, resend: fc.boolean() });
  let runs = 0;

  it('debits plus what is carried equals the gross, each part to the micro, never below the credit floor', async () => {
    const currencyId = await t.referenceId('currencies', 'PLN');
    const actor = accountActor();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.array(batch, { minLength: 1, maxLength: 12 }),
        async (funds, creditLimit, sent) => {
          const n = ++runs;
          const [agency] = await t.database.db
            .insert(agencies)
            .values({ name: `Split Agency ${n}`, currencyId })
            .returning({ id: agencies.id });
          const [advertiser] = await t.database.db
            .insert(advertisers)
            .values({
              name: `Split Shop ${n}`,
              code: `SPLIT-${n}`,
              agencyId: agency?.id,
              currencyId,
              creditLimit,
              useCreditLimit: true,
            })
            .returning({ id: advertisers.id });
          const advertiserId = advertiser?.id as number;
          if (funds)
            await inTransaction(t.deps, (tx) =>
              manualOperation(
                tx,
                { advertiserId },
                { type: 'manual_top_up', amount: funds, reason: 'Funds' },
                actor,
              ),
            );
          const total = { media: 0, margin: 0, commission: 0 };
          for (const [i, b] of sent.entries()) {
            const reference = `split-${n}-${i}`;
            expect(await spend(advertiserId, b, reference)).toMatchObject({ counted: true });
            if (b.resend) expect(await spend(advertiserId, b, reference)).toMatchObject({ counted: false });
            total.media += b.media;
            total.margin += b.margin;
            total.commission += b.commission;
          }
          const { credited, carried } = await spendBooks(t.database.db, advertiserId);
          const [account] = carried;
          if (!account) throw new Error('no spending account');
          const minor = (purpose: string) => (credited[purpose] ?? 0) * 10_000;
          const gross = total.media + total.margin + total.commission;
          expect(-minor('balance') + account.gross).toBe(gross);
          expect(minor('platform_media') + account.gross - account.margin - account.commission).toBe(
            total.media,
          );
          expect(minor('platform_revenue') + account.margin).toBe(total.margin);
          expect(minor('commission') + account.commission).toBe(total.commission);
          expect(account.balance).toBeGreaterThanOrEqual(-creditLimit);
          // A whole minor unit of any part still waiting means the funds ran out.
          const waiting =
            account.gross - account.margin - account.commission >= 10_000 ||
            account.margin >= 10_000 ||
            account.commission >= 10_000;
          if (waiting) expect(account.balance + creditLimit).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
    await expectLedgerInvariants(t.database.db);
  }, 300_000);
});

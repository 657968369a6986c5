import { ledgerEntries } from '@rtb/db';
import { eq, sql } from 'drizzle-orm';
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

const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
type Day = { date: string; balance: number; balanceAgency: number | null; commission: number | null };
const history = async (kind: 'agency' | 'advertiser', token: string, days?: number) =>
  (await f.get(`/api/${kind}/payments/balance-history${days ? `?days=${days}` : ''}`, token))
    .balanceHistory as {
    currency: { code: string } | null;
    moved: boolean;
    days: Day[];
  };
/** Moves a transaction's entries back in time (the history is append-only: only a test may). */
async function backdate(transactionId: number, days: number) {
  const { db } = t.database;
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_update_delete`);
  await db
    .update(ledgerEntries)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(ledgerEntries.transactionId, transactionId));
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_update_delete`);
}
const balanceOn = (days: Day[], date: string) => days.find((day) => day.date === date);

describe('GET /api/{agency|advertiser}/payments/balance-history', () => {
  it('is 90 flat days at 0 before any money moved', async () => {
    const { days, moved } = await history('agency', f.agency);
    expect(moved).toBe(false);
    expect(days).toHaveLength(90);
    expect(days[0]?.date).toBe(dayAgo(89));
    expect(days[89]).toEqual({ date: dayAgo(0), balance: 0, balanceAgency: null, commission: 0 });
    expect(days.every((day) => day.balance === 0)).toBe(true);
  });

  it("gives each day's closing balance and keeps it over days without movements", async () => {
    // In the order they happened (the ledger appends): a correction before the period opened,
    // a top-up ten days ago, then today's transfer.
    const old = await f.send('POST', `/api/admin/agencies/${f.agencyId}/top-ups`, f.admin, {
      type: 'correction',
      amount: 5_000,
      reason: 'Old correction',
    });
    expect(old.status).toBe(201);
    await backdate(old.body.data.payment.transactionId, 200);
    const top = await f.send('POST', `/api/admin/agencies/${f.agencyId}/top-ups`, f.admin, {
      type: 'manual_top_up',
      amount: 100_000,
      reason: 'Agency wire',
    });
    expect(top.status).toBe(201);
    await backdate(top.body.data.payment.transactionId, 10);
    const sent = await f.send('POST', '/api/agency/payments/transfers', f.agency, {
      advertiserId: f.shopId,
      amount: 30_000,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    const { days, moved, currency } = await history('agency', f.agency);
    expect(moved).toBe(true);
    expect(currency?.code).toBeTruthy();
    // The correction is the last entry before the period: the period opens with its balance
    // after (5,000); the top-up's day closes with the top-up's own (105,000).
    expect(balanceOn(days, dayAgo(89))?.balance).toBe(5_000);
    expect(balanceOn(days, dayAgo(11))?.balance).toBe(5_000);
    expect(balanceOn(days, dayAgo(10))?.balance).toBe(105_000);
    expect(balanceOn(days, dayAgo(1))?.balance).toBe(105_000);
    expect(balanceOn(days, dayAgo(0))?.balance).toBe(75_000);
  });

  it("shows an advertiser its own balances and never another organisation's", async () => {
    const shop = await history('advertiser', f.shop, 7);
    expect(shop.days).toHaveLength(7);
    expect(shop.days[6]).toEqual({ date: dayAgo(0), balance: 30_000, balanceAgency: 0, commission: null });
    const solo = await history('advertiser', f.solo, 7);
    expect(solo.moved).toBe(false);
    expect(solo.days.every((day) => day.balance === 0 && day.balanceAgency === 0)).toBe(true);
    // The agency's line is its own account only, not its advertisers'.
    const agency = await history('agency', f.agency, 7);
    expect(agency.days[6]?.balance).toBe(75_000);
  });

  it('refuses a period out of range and callers of other panels', async () => {
    const short = await t.call({
      method: 'GET',
      url: '/api/agency/payments/balance-history?days=3',
      token: f.agency,
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.days).toBeDefined();
    const admin = await t.call({
      method: 'GET',
      url: '/api/agency/payments/balance-history',
      token: f.admin,
    });
    expect([401, 403]).toContain(admin.status);
    const anonymous = await t.call({ method: 'GET', url: '/api/advertiser/payments/balance-history' });
    expect(anonymous.status).toBe(401);
  });
});

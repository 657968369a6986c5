import { ledgerTransactions } from '@rtb/db';
import { paymentMessages } from '@rtb/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { HttpError } from '../../../core/errors';
import { createTestApp, type TestApp, type TestResponse } from '../../../test/harness';
import { accountActor } from '../../platform/activity-logs/service';
import { manualOperation } from '../payments/manual-operation';
import { expectLedgerInvariants, moneyFixture, rowsOf } from '../payments/test-helpers';
import { transfer as transfer_ } from '../payments/transfer';

/**
 * Many operations at once. On PostgreSQL (DATABASE_URL) they run in parallel transactions on the
 * pool's separate connections; on PGlite (one connection) the same tests run one after another.
 * Debits and transfers are called as the routes call them (their transaction, the service), so
 * the test measures the ledger rather than 200 requests' worth of HTTP on one event loop; the
 * idempotency test goes through HTTP, where the keys are handled. They are started together and
 * kept at most POOL_SIZE in flight: every connection the pool has holds a transaction on the
 * same rows, and none waits for a free connection (which the pool gives up on after 5 s, a
 * matter of machine load, not of the ledger).
 */
const POOL_SIZE = 20;

/** Runs the tasks concurrently, at most `limit` at a time; the results in task order. */
async function concurrently<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

const statusCounts = (responses: Pick<TestResponse, 'status'>[]) =>
  responses.reduce<Record<number, number>>((counts, res) => {
    counts[res.status] = (counts[res.status] ?? 0) + 1;
    return counts;
  }, {});

const actor = accountActor();

/** An operation in its own transaction, answered as its route would: 201, or the HttpError's status and body. */
async function run(operation: (tx: AppDeps) => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 201, body: await inTransaction(t.deps, operation) };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, body: { errors: error.errors } };
    throw error;
  }
}

/** A new advertiser (PLN) under the demo agency, with a top-up and a credit limit. */
async function fundedAdvertiser(name: string, balance: number, creditLimit: number): Promise<number> {
  const created = await t.call({
    method: 'POST',
    url: '/api/admin/advertisers',
    token: f.admin,
    payload: {
      name,
      agencyId: f.agencyId,
      currencyId: await t.referenceId('currencies', 'PLN'),
      creditLimit,
      useCreditLimit: creditLimit > 0,
    },
  });
  const id = created.body.data.advertiser.id as number;
  if (balance > 0)
    await f.send('POST', `/api/admin/advertisers/${id}/top-ups`, f.admin, {
      type: 'manual_top_up',
      amount: balance,
      reason: 'Opening balance',
    });
  return id;
}

/** The lowest balance an organisation account ever had after an entry. */
async function lowestBalance(owner: { advertiserId?: number; agencyId?: number }): Promise<number> {
  const [row] = rowsOf<{ lowest: string }>(
    await t.database.db.execute(sql`
      select min(e.balance_after) as lowest from ledger_entries e
      join ledger_accounts a on a.id = e.ledger_account_id
      where ${owner.advertiserId ? sql`a.advertiser_id = ${owner.advertiserId}` : sql`a.agency_id = ${owner.agencyId} and a.advertiser_id is null`}
        and a.purpose = 'balance'`),
  );
  return Number(row?.lowest);
}

describe('concurrent money movements', () => {
  it('200 debits at once that together exceed balance and credit: exactly the ones that fit pass', async () => {
    // 10,000 + 5,000 of credit = 15,000 may go; 200 debits of 100 ask for 20,000.
    const id = await fundedAdvertiser('Busy Shop', 10_000, 5_000);
    const responses = await concurrently(
      POOL_SIZE,
      Array.from(
        { length: 200 },
        (_, i) => () =>
          run((tx) =>
            manualOperation(
              tx,
              { advertiserId: id },
              { type: 'correction', amount: -100, reason: `Debit ${i}` },
              actor,
            ),
          ),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 150, 422: 50 });
    for (const refused of responses.filter((res) => res.status === 422))
      expect(refused.body).toEqual({ errors: { amount: [paymentMessages.insufficientFunds] } });
    const { advertiser } = await f.get(`/api/admin/advertisers/${id}`, f.admin);
    expect(advertiser).toMatchObject({ balance: -5_000, creditValue: 5_000, availableCredit: 0 });
    expect(await lowestBalance({ advertiserId: id })).toBe(-5_000);
    await expectLedgerInvariants(t.database.db);
  }, 120_000);

  it('200 transfers at once from one agency balance, then transfers both ways at once: never overdrawn, no deadlock', async () => {
    const a = await fundedAdvertiser('Twin Shop A', 0, 0);
    const b = await fundedAdvertiser('Twin Shop B', 0, 0);
    for (const id of [a, b])
      await t.call({
        method: 'PUT',
        url: `/api/admin/advertisers/${id}`,
        token: f.admin,
        payload: { name: id === a ? 'Twin Shop A' : 'Twin Shop B', agencyPaidCampaigns: true },
      });
    await f.send('POST', `/api/admin/agencies/${f.agencyId}/top-ups`, f.admin, {
      type: 'manual_top_up',
      amount: 12_000,
      reason: 'Agency funds',
    });
    await t.call({
      method: 'POST',
      url: '/api/admin/log-credits',
      token: f.admin,
      payload: { agencyId: f.agencyId, creditLimit: 3_000, useCreditLimit: true, reason: 'Credit' },
    });
    const transfer = (advertiserId: number, direction: 'to_advertiser' | 'from_advertiser') =>
      run((tx) => transfer_(tx, f.agencyId, { advertiserId, amount: 100, direction, reason: null }, actor));

    // 12,000 + 3,000 of credit = 15,000: 150 of 200 transfers of 100 fit.
    const out = await Promise.all(
      Array.from({ length: 200 }, (_, i) => transfer(i % 2 ? a : b, 'to_advertiser')),
    );
    expect(statusCounts(out)).toEqual({ 201: 150, 422: 50 });
    const { paymentsOverview } = await f.get('/api/agency/payments/overview', f.agency);
    expect(paymentsOverview.balance).toBe(-3_000);

    // Now returns and new transfers race, locking the same accounts in both orders.
    const mixed = await concurrently(
      POOL_SIZE,
      Array.from(
        { length: 100 },
        (_, i) => () => transfer(i % 4 < 2 ? a : b, i % 2 ? 'from_advertiser' : 'to_advertiser'),
      ),
    );
    const returns = mixed.filter((_, i) => i % 2);
    const sends = mixed.filter((_, i) => i % 2 === 0);
    expect(statusCounts(returns)).toEqual({ 201: 50 });
    expect(sends.every((res) => res.status === 201 || res.status === 422)).toBe(true);
    const sent = sends.filter((res) => res.status === 201).length;
    const after = await f.get('/api/agency/payments/overview', f.agency);
    expect(after.paymentsOverview.balance).toBe(-3_000 + 100 * (50 - sent));
    expect(await lowestBalance({ agencyId: f.agencyId })).toBe(-3_000);
    await expectLedgerInvariants(t.database.db);
  }, 120_000);

  it('the same idempotent request 50 times at once posts once, and every caller gets its answer', async () => {
    const id = await fundedAdvertiser('Retry Shop', 0, 0);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        f.send(
          'POST',
          `/api/admin/advertisers/${id}/top-ups`,
          f.admin,
          { type: 'manual_top_up', amount: 4_200, reason: 'Sent 50 times' },
          'same-key-50',
        ),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 50 });
    expect(new Set(responses.map((res) => JSON.stringify(res.body))).size).toBe(1);
    expect(responses.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const posted = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reason, 'Sent 50 times'));
    expect(posted).toHaveLength(1);
    const { advertiser } = await f.get(`/api/admin/advertisers/${id}`, f.admin);
    expect(advertiser.balance).toBe(4_200);
    await expectLedgerInvariants(t.database.db);
  });
});

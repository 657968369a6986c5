import { advertisers, agencies, type Database, demoAccounts } from '@rtb/db';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp, TestResponse } from '../../../test/harness';

/** The rows of a raw query (the pg and PGlite drivers both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The ledger's invariants, checked over the whole database: every organisation account's
 * running balance equals the sum of its entries, every entry's balance after equals the
 * running sum up to it, and every transaction's entries sum to zero.
 */
export async function expectLedgerInvariants(db: Database): Promise<void> {
  const drifted = rowsOf(
    await db.execute(sql`
      select a.id, a.balance, coalesce(sum(e.amount), 0) as sum
      from ledger_accounts a left join ledger_entries e on e.ledger_account_id = a.id
      where a.balance is not null
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)`),
  );
  const unbalanced = rowsOf(
    await db.execute(sql`
      select transaction_id, sum(amount) as sum from ledger_entries
      group by transaction_id having sum(amount) <> 0`),
  );
  const brokenChain = rowsOf(
    await db.execute(sql`
      select id from (
        select e.id, e.balance_after,
               sum(e.amount) over (partition by e.ledger_account_id order by e.id) as running
        from ledger_entries e join ledger_accounts a on a.id = e.ledger_account_id
        where a.balance is not null) x
      where balance_after <> running`),
  );
  expect({ drifted, unbalanced, brokenChain }).toEqual({ drifted: [], unbalanced: [], brokenChain: [] });
}

/** Demo organisations, tokens and a caller that sends an Idempotency-Key (a fresh one unless given). */
export async function moneyFixture(t: TestApp) {
  const [agency] = await t.database.db.select().from(agencies).where(sql`${agencies.name} = 'Demo Agency'`);
  const [shop] = await t.database.db.select().from(advertisers).where(sql`${advertisers.name} = 'Demo Shop'`);
  const [solo] = await t.database.db
    .select()
    .from(advertisers)
    .where(sql`${advertisers.name} = 'Solo Store'`);
  let keys = 0;
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    token: string,
    payload: Record<string, unknown>,
    key: string | null = `key-${++keys}-${Date.now()}`,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> =>
    t.call({
      method,
      url,
      token,
      payload,
      headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...headers },
    });
  return {
    agencyId: agency?.id as number,
    shopId: shop?.id as number,
    soloId: solo?.id as number,
    admin: await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password),
    agency: await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password),
    shop: await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password),
    solo: await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password),
    send,
    get: async (url: string, token: string) => {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    },
  };
}

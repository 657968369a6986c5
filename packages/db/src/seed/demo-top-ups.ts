import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../client';
import { advertisers, ledgerAccounts } from '../schema';

/** Money the demo advertisers start with: a manual top-up the API posts through its payments service. */
export interface DemoTopUp {
  advertiserId: number;
  /** Minor units of the advertiser's currency. */
  amount: number;
  reason: string;
}

const demoCredit = { code: 'DEMO-SHOP', amount: 5_000_00, reason: 'Demo credit for the simulated traffic' };

/**
 * The demo top-ups still to post: Demo Shop's, while it has never had a balance (no ledger
 * account yet). The seed does not write ledger entries itself: it runs without the API, and
 * money moves only through the payments service, which checks and logs it.
 */
export async function demoTopUpsDue(db: Database): Promise<DemoTopUp[]> {
  const [shop] = await db
    .select({ id: advertisers.id, account: ledgerAccounts.id })
    .from(advertisers)
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.advertiserId, advertisers.id), eq(ledgerAccounts.purpose, 'balance')),
    )
    .where(and(eq(advertisers.code, demoCredit.code), isNotNull(advertisers.currencyId)));
  if (!shop || shop.account !== null) return [];
  return [{ advertiserId: shop.id, amount: demoCredit.amount, reason: demoCredit.reason }];
}

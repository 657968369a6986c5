import { type Database, selectRows } from '@rtb/db';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

/** Micro-units of one minor unit of a 2-decimal currency (PLN). */
export const MICROS_PER_MINOR = 10_000;

/**
 * An advertiser's spend on both sides: what its valid impressions cost (delivery_events) and
 * what the ledger made of it: the spend transactions' entries per account purpose (minor units)
 * and what its balance account carries unposted (micro-units).
 */
export async function spendBooks(db: Database, advertiserId: number) {
  const [billed] = await selectRows<Record<string, string | number | null>>(
    db,
    sql`select count(*) as impressions, coalesce(sum(cost_micros), 0) as gross,
               coalesce(sum(margin_micros), 0) as margin, coalesce(sum(commission_micros), 0) as commission
        from delivery_events
        where advertiser_id = ${advertiserId} and kind = 'impression' and invalid_reason is null`,
  );
  const posted = await selectRows<{ purpose: string; sum: string | number }>(
    db,
    sql`select a.purpose, sum(e.amount) as sum from ledger_entries e
        join ledger_transactions x on x.id = e.transaction_id
        join ledger_accounts a on a.id = e.ledger_account_id
        where x.type = 'spend' and x.advertiser_id = ${advertiserId}
        group by a.purpose`,
  );
  const [account] = await selectRows<Record<string, string | number>>(
    db,
    sql`select balance, unposted_spend_micros as gross, unposted_margin_micros as margin,
               unposted_commission_micros as commission
        from ledger_accounts where advertiser_id = ${advertiserId} and purpose = 'balance'`,
  );
  const by = Object.fromEntries(posted.map((r) => [r.purpose, Number(r.sum)]));
  const gross = Number(billed?.gross);
  const margin = Number(billed?.margin);
  const commission = Number(billed?.commission);
  return {
    billed: {
      impressions: Number(billed?.impressions),
      gross,
      margin,
      commission,
      media: gross - margin - commission,
    },
    /** Minor units each purpose's accounts got from the spend transactions (the balance's negative). */
    posted: {
      balance: by.balance ?? 0,
      media: by.platform_media ?? 0,
      revenue: by.platform_revenue ?? 0,
      commission: by.commission ?? 0,
    },
    balance: Number(account?.balance),
    unposted: {
      gross: Number(account?.gross),
      margin: Number(account?.margin),
      commission: Number(account?.commission),
    },
  };
}

export type SpendBooks = Awaited<ReturnType<typeof spendBooks>>;

/**
 * Every micro-unit billed is on the ledger or carried: the balance's debits plus what it carries
 * unposted equal the gross billed, and each part (media, margin, commission) reached its own
 * account, exactly.
 */
export function expectBooksBalanced(books: SpendBooks) {
  const { billed, posted, unposted } = books;
  const unpostedMedia = unposted.gross - unposted.margin - unposted.commission;
  expect({
    gross: -posted.balance * MICROS_PER_MINOR + unposted.gross,
    media: posted.media * MICROS_PER_MINOR + unpostedMedia,
    margin: posted.revenue * MICROS_PER_MINOR + unposted.margin,
    commission: posted.commission * MICROS_PER_MINOR + unposted.commission,
  }).toEqual({
    gross: billed.gross,
    media: billed.media,
    margin: billed.margin,
    commission: billed.commission,
  });
  expect(posted.balance + posted.media + posted.revenue + posted.commission).toBe(0);
}

import { ledgerAccountPurposes } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns';
import { advertisers, agencies } from './organisations';
import { currencies } from './reference';

/**
 * An organisation's money account, in one currency. Its balance is the sum of its entries
 * (DESIGN.md section 8); the postings that write entries come with the money feature.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    agencyId: ref('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
    advertiserId: ref('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: ledgerAccountPurposes }).notNull(),
    currencyId: ref('currency_id')
      .notNull()
      .references(() => currencies.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_agency_key').on(t.agencyId, t.purpose).where(sql`${t.advertiserId} is null`),
    uniqueIndex('ledger_accounts_advertiser_key')
      .on(t.advertiserId, t.purpose)
      .where(sql`${t.advertiserId} is not null`),
    check('ledger_accounts_owner', sql`${t.agencyId} is not null or ${t.advertiserId} is not null`),
  ],
);

/** Append-only movements in integer minor units: positive credits, negative debits. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    ledgerAccountId: ref('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.ledgerAccountId, t.id)],
);

import { ledgerAccountPurposes, ledgerTransactionTypes, platformAccountPurposes } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, money, ref } from './columns';
import { advertisers, agencies } from './organisations';
import { currencies } from './reference';

const platformPurposes = sql.raw(platformAccountPurposes.map((purpose) => `'${purpose}'`).join(', '));

/**
 * A money account in one currency: an organisation's (agency balance; advertiser balance and
 * agency-funded balance) or one of the platform's counter accounts (per purpose and currency).
 * An organisation account keeps its running `balance`, always equal to the sum of its entries
 * and moved only by the posting that writes them (DESIGN.md section 8). Counter accounts have
 * no floor to check, so they keep none (it would be one row every posting in the system waits
 * on); their balance is the sum of their entries.
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
    /** Minor units; null on the platform's counter accounts. */
    balance: money('balance'),
    /**
     * Spend (gross) accrued in micro-units and not yet posted (below one minor unit, or not
     * covered); of it, the parts owed to the platform's margin and to the agency's commission
     * (the rest is media), each posted in whole minor units of its own so no part loses a micro.
     */
    unpostedSpendMicros: bigint('unposted_spend_micros', { mode: 'number' }).notNull().default(0),
    unpostedMarginMicros: bigint('unposted_margin_micros', { mode: 'number' }).notNull().default(0),
    unpostedCommissionMicros: bigint('unposted_commission_micros', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_agency_key').on(t.agencyId, t.purpose).where(sql`${t.advertiserId} is null`),
    uniqueIndex('ledger_accounts_advertiser_key')
      .on(t.advertiserId, t.purpose)
      .where(sql`${t.advertiserId} is not null`),
    uniqueIndex('ledger_accounts_platform_key')
      .on(t.purpose, t.currencyId)
      .where(sql`${t.agencyId} is null and ${t.advertiserId} is null`),
    check(
      'ledger_accounts_owner',
      sql`(${t.purpose} in (${platformPurposes})) = (${t.agencyId} is null and ${t.advertiserId} is null)`,
    ),
    check(
      'ledger_accounts_unposted_parts',
      sql`${t.unpostedMarginMicros} >= 0 and ${t.unpostedCommissionMicros} >= 0 and ${t.unpostedMarginMicros} + ${t.unpostedCommissionMicros} <= ${t.unpostedSpendMicros}`,
    ),
    check(
      'ledger_accounts_balance_kept',
      sql`(${t.balance} is null) = (${t.agencyId} is null and ${t.advertiserId} is null)`,
    ),
  ],
);

/**
 * One money operation (top-up, correction, refund, transfer, spend, credit limit change): its
 * type, the organisations it concerns, who started it (no account: the system) and why. Its
 * entries sum to zero (checked by a trigger when the database transaction commits).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    type: text('type', { enum: ledgerTransactionTypes }).notNull(),
    agencyId: ref('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
    advertiserId: ref('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
    currencyId: ref('currency_id').references(() => currencies.id),
    reason: text('reason'),
    initiatorAccountId: ref('initiator_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    impersonatorAccountId: ref('impersonator_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    requestId: text('request_id'),
    /** A caller's own id of the operation (a provider's payment, a spend batch): posted once. */
    externalRef: text('external_ref').unique(),
    /** What only this type has, e.g. a spend's accrued micro-units. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('ledger_transactions_agency_idx').on(t.agencyId, t.createdAt.desc()),
    index('ledger_transactions_advertiser_idx').on(t.advertiserId, t.createdAt.desc()),
  ],
);

/** Append-only movements in integer minor units: positive credits, negative debits. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: ref('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    ledgerAccountId: ref('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    /** The account's balance after this entry; null on the platform's counter accounts. */
    balanceAfter: money('balance_after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.ledgerAccountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

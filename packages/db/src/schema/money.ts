import { onlinePaymentStatuses, topUpRequestStatuses } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, money, ref, timestamps } from './columns';
import { ledgerTransactions } from './ledger';
import { advertisers, agencies } from './organisations';
import { currencies } from './reference';

/** The organisation a money record belongs to: an agency or an advertiser, never both. */
const owner = () => ({
  agencyId: ref('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
  advertiserId: ref('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
});
type OwnedColumns = { id: ExtraConfigColumn; agencyId: ExtraConfigColumn; advertiserId: ExtraConfigColumn };
/**
 * One owner, and the indexes of the lists: newest first over all (admins), and per agency or
 * advertiser (their own pages).
 */
const ownedBy = (table: string, t: OwnedColumns, at: ExtraConfigColumn) => [
  check(`${table}_owner`, sql`num_nonnulls(${t.agencyId}, ${t.advertiserId}) = 1`),
  index(`${table}_newest_idx`).on(at.desc(), t.id.desc()),
  index(`${table}_agency_idx`).on(t.agencyId, at.desc()),
  index(`${table}_advertiser_idx`).on(t.advertiserId, at.desc()),
];

/** Billing data as they were when a document was made (a later edit does not change it). */
export interface BillingSnapshot {
  name: string;
  taxId: string;
  address: string;
  email: string;
  country: string;
  countryCode: string;
}

/** The seller on an invoice, from the config values at the time of issue. */
export interface SellerSnapshot {
  name: string;
  address: string;
  taxId: string;
  bankAccount: string;
  country: string;
}

/** Every change of an organisation's credit limit (its ledger transaction says who and why). */
export const logCredits = pgTable(
  'log_credits',
  {
    id: id(),
    ledgerTransactionId: ref('ledger_transaction_id')
      .notNull()
      .unique()
      .references(() => ledgerTransactions.id),
    ...owner(),
    creditLimitBefore: money('credit_limit_before').notNull(),
    creditLimitAfter: money('credit_limit_after').notNull(),
    useCreditLimitBefore: boolean('use_credit_limit_before').notNull(),
    useCreditLimitAfter: boolean('use_credit_limit_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => ownedBy('log_credits', t, t.createdAt),
);

/** A gross amount charged with tax on top of the net amount credited to the balance. */
const taxedAmounts = () => ({
  currencyId: ref('currency_id')
    .notNull()
    .references(() => currencies.id),
  /** Credited to the balance. */
  net: money('net').notNull(),
  /** Tax percent with 2 decimals ('23.00'); 0 under reverse charge or outside the EU. */
  taxPercent: numeric('tax_percent', { precision: 5, scale: 2 }).notNull(),
  tax: money('tax').notNull(),
  /** What the buyer pays: net + tax. */
  gross: money('gross').notNull(),
  /** Why there is no VAT: 'reverse_charge' (a business elsewhere in the EU) or 'export'. */
  taxNote: text('tax_note'),
});

/** An agency's or advertiser's request to top up by bank transfer, decided by an admin. */
export const logTopUpRequests = pgTable(
  'log_top_up_requests',
  {
    id: id(),
    ...owner(),
    ...taxedAmounts(),
    status: text('status', { enum: topUpRequestStatuses }).notNull().default('pending'),
    comment: text('comment'),
    buyer: jsonb('buyer').$type<BillingSnapshot>().notNull(),
    requestedByAccountId: ref('requested_by_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    impersonatorAccountId: ref('impersonator_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    decidedByAccountId: ref('decided_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    ledgerTransactionId: ref('ledger_transaction_id').references(() => ledgerTransactions.id),
    ...timestamps(),
  },
  (t) => [
    ...ownedBy('log_top_up_requests', t, t.createdAt),
    index('log_top_up_requests_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** A payment through the online provider (Stripe Checkout): credited once it is paid. */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: id(),
    ...owner(),
    ...taxedAmounts(),
    provider: text('provider').notNull(),
    /** The provider's id of the checkout session; set once the session exists. */
    providerSessionId: text('provider_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    status: text('status', { enum: onlinePaymentStatuses }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdByAccountId: ref('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    impersonatorAccountId: ref('impersonator_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    ledgerTransactionId: ref('ledger_transaction_id').references(() => ledgerTransactions.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => ownedBy('online_payments', t, t.createdAt),
);

/**
 * Invoices, numbered without gaps per year (`INV/2025/000001`): the number comes from the
 * year's counter row, locked by the transaction that issues the invoice. Append-only (a
 * trigger refuses UPDATE and DELETE): seller and buyer are kept as they were at the time.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    ...owner(),
    ...taxedAmounts(),
    seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
    buyer: jsonb('buyer').$type<BillingSnapshot>().notNull(),
    description: text('description').notNull(),
    /** How it was paid: 'online' (card) or 'bank_transfer'. */
    paymentMethod: text('payment_method').notNull(),
    ledgerTransactionId: ref('ledger_transaction_id')
      .notNull()
      .unique()
      .references(() => ledgerTransactions.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...ownedBy('invoices', t, t.issuedAt), unique('invoices_year_sequence_key').on(t.year, t.sequence)],
);

/** The last invoice number given out in each year. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Every top-up credited to a balance: by an admin, online, or by an accepted bank-transfer request. */
export const logTopUps = pgTable(
  'log_top_ups',
  {
    id: id(),
    ledgerTransactionId: ref('ledger_transaction_id')
      .notNull()
      .unique()
      .references(() => ledgerTransactions.id),
    ...owner(),
    currencyId: ref('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: money('amount').notNull(),
    invoiceId: ref('invoice_id').references(() => invoices.id),
    onlinePaymentId: ref('online_payment_id').references(() => onlinePayments.id),
    topUpRequestId: ref('top_up_request_id').references(() => logTopUpRequests.id),
    createdAt: createdAt(),
  },
  (t) => ownedBy('log_top_ups', t, t.createdAt),
);

/**
 * The first successful answer to a money-moving request, per account and Idempotency-Key: a
 * retry gets it again, and the same key with other parameters (another fingerprint) is refused.
 * Written in the same transaction as the money it moved.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Set before the transaction that claimed the key commits: nobody sees the row without it. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

import { type Database, invoices, ledgerAccounts, ledgerEntries, ledgerTransactions } from '@rtb/db';
import type { OrganisationAccountPurpose, OrganisationRef, PaymentsQuery } from '@rtb/shared';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { limitOffset, withinDays } from '../../../core/list';
import { personOf } from '../../identity';
import { advertiserRefOf, agencyRefOf } from '../../organisations';
import { currencyOf } from '../../platform';
import { type MoneyScope, scopeOf } from './scope';

const isTransfer = eq(ledgerTransactions.type, 'transfer');

/** Entries of organisation accounts (not the platform's counter entries), with their transaction. */
const selectPayments = (db: Database) =>
  db
    .select({
      id: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      createdAt: ledgerEntries.createdAt,
      type: ledgerTransactions.type,
      // Joined on organisation accounts only (those with a running balance).
      account: sql<OrganisationAccountPurpose>`${ledgerAccounts.purpose}`,
      agency: agencyRefOf(ledgerAccounts.agencyId),
      advertiser: advertiserRefOf(ledgerAccounts.advertiserId),
      // The other side of a transfer: its agency on an advertiser's row, its advertiser on the agency's.
      counterAgency: sql<OrganisationRef | null>`case when ${isTransfer} and ${isNotNull(ledgerAccounts.advertiserId)} then ${agencyRefOf(ledgerTransactions.agencyId)} end`,
      counterAdvertiser: sql<OrganisationRef | null>`case when ${isTransfer} and ${isNull(ledgerAccounts.advertiserId)} then ${advertiserRefOf(ledgerTransactions.advertiserId)} end`,
      currency: currencyOf(ledgerAccounts.currencyId),
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      reason: ledgerTransactions.reason,
      initiator: personOf(ledgerTransactions.initiatorAccountId),
      impersonator: personOf(ledgerTransactions.impersonatorAccountId),
      invoice: { id: invoices.id, number: invoices.number, gross: invoices.gross },
    })
    .from(ledgerEntries)
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId), isNotNull(ledgerAccounts.balance)),
    )
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(invoices, eq(invoices.ledgerTransactionId, ledgerTransactions.id));

export type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];

function conditionsOf(scope: MoneyScope, query: Partial<PaymentsQuery>): SQL | undefined {
  return and(
    scopeOf(ledgerAccounts, scope),
    query.type ? eq(ledgerTransactions.type, query.type) : undefined,
    query.account ? eq(ledgerAccounts.purpose, query.account) : undefined,
    withinDays(ledgerEntries.createdAt, query),
  );
}

/** A page of balance movements, newest first. */
export async function listPayments(db: Database, scope: MoneyScope, query: PaymentsQuery) {
  const where = conditionsOf(scope, query);
  const { limit, offset } = limitOffset(query);
  const rows = await selectPayments(db)
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId), isNotNull(ledgerAccounts.balance)),
    )
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The movement a transaction made on one account. */
export async function findPayment(db: Database, transactionId: number, accountId: number) {
  const [row] = await selectPayments(db).where(
    and(eq(ledgerEntries.transactionId, transactionId), eq(ledgerEntries.ledgerAccountId, accountId)),
  );
  return row ?? null;
}

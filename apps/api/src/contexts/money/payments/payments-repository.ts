import { type Database, invoices, ledgerAccounts, ledgerEntries, ledgerTransactions } from '@rtb/db';
import type { OrganisationAccountPurpose, OrganisationRef, PaymentsQuery } from '@rtb/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { limitOffset, withinDays } from '../../../core/list';
import { personOf } from '../../identity';
import { advertiserRefOf, advertiserTimeZoneOf, agencyRefOf } from '../../organisations';
import { currencyOf } from '../../platform';
import { type MoneyScope, scopeOf } from './scope';

const isTransfer = eq(ledgerTransactions.type, 'transfer');
// A literal, not a parameter: the same text wherever it is used.
const isSpend = sql`${ledgerTransactions.type} = 'spend'`;

/**
 * The lines of the entries matching `where`: spend is one line per account, advertiser, campaign
 * and the advertiser's day (the sum of that day's postings); any other entry is a line of its
 * own. Each line names its last entry (`lastId`), sums its amounts exactly (numeric) and keeps
 * the balance before its first entry.
 */
function linesOf(db: Database, where: SQL | undefined) {
  const keyed = db
    .select({
      id: ledgerEntries.id,
      accountId: sql<number>`${ledgerEntries.ledgerAccountId}`.as('account_id'),
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      single: sql<number | null>`case when ${isSpend} then null else ${ledgerEntries.id} end`.as('single_id'),
      spender: sql<number | null>`case when ${isSpend} then ${ledgerTransactions.advertiserId} end`.as(
        'spender_id',
      ),
      campaignId: sql<
        string | null
      >`case when ${isSpend} then (${ledgerTransactions.details} ->> 'campaignId')::bigint end`.as(
        'campaign_id',
      ),
      day: sql<
        string | null
      >`case when ${isSpend} then to_char(${ledgerEntries.createdAt} at time zone coalesce(${advertiserTimeZoneOf(ledgerTransactions.advertiserId)}, 'UTC'), 'YYYY-MM-DD') end`.as(
        'spend_day',
      ),
    })
    .from(ledgerEntries)
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId), isNotNull(ledgerAccounts.balance)),
    )
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where)
    .as('keyed');
  return db
    .select({
      lastId: sql<number>`max(${keyed.id})`.as('last_id'),
      lineAmount: sql<string>`sum(${keyed.amount})`.as('line_amount'),
      postings: sql<string>`count(*)`.as('postings'),
      lineBalanceBefore:
        sql<string>`(array_agg(${keyed.balanceAfter} - ${keyed.amount} order by ${keyed.id}))[1]`.as(
          'line_balance_before',
        ),
      campaignId: keyed.campaignId,
      day: keyed.day,
    })
    .from(keyed)
    .groupBy(keyed.accountId, keyed.single, keyed.spender, keyed.campaignId, keyed.day)
    .as('lines');
}

type Lines = ReturnType<typeof linesOf>;

/** A line with what its last entry's transaction says: type, account, whose, who, why, invoice. */
const selectLines = (db: Database, lines: Lines) =>
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
      // The other side of a transfer: its agency on an advertiser's row, its advertiser on the
      // agency's; of spend on an agency's commission, the advertiser that spent.
      counterAgency: sql<OrganisationRef | null>`case when ${isTransfer} and ${isNotNull(ledgerAccounts.advertiserId)} then ${agencyRefOf(ledgerTransactions.agencyId)} end`,
      counterAdvertiser: sql<OrganisationRef | null>`case when (${isTransfer} or ${isSpend}) and ${isNull(ledgerAccounts.advertiserId)} then ${advertiserRefOf(ledgerTransactions.advertiserId)} end`,
      spender: sql<OrganisationRef | null>`case when ${isSpend} then ${advertiserRefOf(ledgerTransactions.advertiserId)} end`,
      spenderId: ledgerTransactions.advertiserId,
      campaignId: lines.campaignId,
      day: lines.day,
      postings: lines.postings,
      currency: currencyOf(ledgerAccounts.currencyId),
      amount: lines.lineAmount,
      balanceBefore: lines.lineBalanceBefore,
      balanceAfter: ledgerEntries.balanceAfter,
      reason: ledgerTransactions.reason,
      initiator: personOf(ledgerTransactions.initiatorAccountId),
      impersonator: personOf(ledgerTransactions.impersonatorAccountId),
      invoice: { id: invoices.id, number: invoices.number, gross: invoices.gross },
    })
    .from(lines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, lines.lastId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(invoices, eq(invoices.ledgerTransactionId, ledgerTransactions.id));

export type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectLines>['execute']>>[number];

function conditionsOf(scope: MoneyScope, query: Partial<PaymentsQuery>): SQL | undefined {
  return and(
    scopeOf(ledgerAccounts, scope),
    query.type ? eq(ledgerTransactions.type, query.type) : undefined,
    query.account ? eq(ledgerAccounts.purpose, query.account) : undefined,
    withinDays(ledgerEntries.createdAt, query),
  );
}

/** A page of balance movement lines (a day's spend grouped), newest first; the total counts lines. */
export async function listPayments(db: Database, scope: MoneyScope, query: PaymentsQuery) {
  const lines = linesOf(db, conditionsOf(scope, query));
  const { limit, offset } = limitOffset(query);
  const rows = await selectLines(db, lines).orderBy(desc(lines.lastId)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(lines);
  return { rows, total: total?.n ?? 0 };
}

/** The movement a transaction made on one account (one line, whatever its type). */
export async function findPayment(db: Database, transactionId: number, accountId: number) {
  const [row] = await selectLines(
    db,
    linesOf(
      db,
      and(eq(ledgerEntries.transactionId, transactionId), eq(ledgerEntries.ledgerAccountId, accountId)),
    ),
  );
  return row ?? null;
}

/**
 * The lines of some organisation accounts' entries made within `[from, to)`, oldest first (a
 * statement's): grouped as the payments list groups them.
 */
export function linesWithin(db: Database, accountIds: number[], from: Date, to: Date) {
  if (!accountIds.length) return Promise.resolve([]);
  const lines = linesOf(
    db,
    and(
      inArray(ledgerEntries.ledgerAccountId, accountIds),
      gte(ledgerEntries.createdAt, from),
      lt(ledgerEntries.createdAt, to),
    ),
  );
  return selectLines(db, lines).orderBy(asc(lines.lastId));
}

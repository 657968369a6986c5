import { type Database, invoices, ledgerTransactions, logTopUps } from '@rtb/db';
import type { LogTopUpsQuery, TopUpType } from '@rtb/shared';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { newestFirstPage, withinDays } from '../../../core/list';
import { personOf } from '../../identity';
import { advertiserRefOf, agencyRefOf } from '../../organisations';
import { currencyOf } from '../../platform';
import { type MoneyScope, scopeOf } from './scope';

export async function insertLogTopUp(db: Database, values: typeof logTopUps.$inferInsert): Promise<number> {
  const [row] = await db.insert(logTopUps).values(values).returning({ id: logTopUps.id });
  if (!row) throw new Error('The top-up was not logged.');
  return row.id;
}

const selectLogTopUps = (db: Database) =>
  db
    .select({
      id: logTopUps.id,
      createdAt: logTopUps.createdAt,
      type: ledgerTransactions.type,
      agency: agencyRefOf(logTopUps.agencyId),
      advertiser: advertiserRefOf(logTopUps.advertiserId),
      currency: currencyOf(logTopUps.currencyId),
      amount: logTopUps.amount,
      invoice: { id: invoices.id, number: invoices.number, gross: invoices.gross },
      topUpRequestId: logTopUps.topUpRequestId,
      onlinePaymentId: logTopUps.onlinePaymentId,
      reason: ledgerTransactions.reason,
      initiator: personOf(ledgerTransactions.initiatorAccountId),
      impersonator: personOf(ledgerTransactions.impersonatorAccountId),
    })
    .from(logTopUps)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, logTopUps.ledgerTransactionId))
    .leftJoin(invoices, eq(invoices.id, logTopUps.invoiceId));

export async function listLogTopUps(db: Database, scope: MoneyScope, query: LogTopUpsQuery) {
  const where: SQL | undefined = and(
    scopeOf(logTopUps, scope),
    query.type ? eq(ledgerTransactions.type, query.type) : undefined,
    withinDays(logTopUps.createdAt, query),
  );
  const rows = await newestFirstPage(
    selectLogTopUps(db).where(where).$dynamic(),
    logTopUps.createdAt,
    logTopUps.id,
    query,
  );
  const [total] = await db
    .select({ n: count() })
    .from(logTopUps)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, logTopUps.ledgerTransactionId))
    .where(where);
  return { rows: rows.map((row) => ({ ...row, type: row.type as TopUpType })), total: total?.n ?? 0 };
}

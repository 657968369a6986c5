import { type Database, ledgerTransactions, logCredits } from '@rtb/db';
import type { LogCreditsQuery } from '@rtb/shared';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { newestFirstPage, withinDays } from '../../../core/list';
import { personOf } from '../../identity';
import { advertiserRefOf, agencyRefOf } from '../../organisations';
import { currencyOf } from '../../platform';
import { type MoneyScope, scopeOf } from './scope';

export async function insertLogCredit(db: Database, values: typeof logCredits.$inferInsert): Promise<number> {
  const [row] = await db.insert(logCredits).values(values).returning({ id: logCredits.id });
  if (!row) throw new Error('The credit limit change was not logged.');
  return row.id;
}

const selectLogCredits = (db: Database) =>
  db
    .select({
      id: logCredits.id,
      createdAt: logCredits.createdAt,
      agency: agencyRefOf(logCredits.agencyId),
      advertiser: advertiserRefOf(logCredits.advertiserId),
      currency: currencyOf(ledgerTransactions.currencyId),
      creditLimitBefore: logCredits.creditLimitBefore,
      creditLimitAfter: logCredits.creditLimitAfter,
      useCreditLimitBefore: logCredits.useCreditLimitBefore,
      useCreditLimitAfter: logCredits.useCreditLimitAfter,
      reason: ledgerTransactions.reason,
      initiator: personOf(ledgerTransactions.initiatorAccountId),
      impersonator: personOf(ledgerTransactions.impersonatorAccountId),
    })
    .from(logCredits)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, logCredits.ledgerTransactionId));

export type LogCreditRow = Awaited<ReturnType<ReturnType<typeof selectLogCredits>['execute']>>[number];

export async function listLogCredits(db: Database, scope: MoneyScope, query: LogCreditsQuery) {
  const where: SQL | undefined = and(scopeOf(logCredits, scope), withinDays(logCredits.createdAt, query));
  const rows = await newestFirstPage(
    selectLogCredits(db).where(where).$dynamic(),
    logCredits.createdAt,
    logCredits.id,
    query,
  );
  const [total] = await db.select({ n: count() }).from(logCredits).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findLogCredit(db: Database, id: number): Promise<LogCreditRow | null> {
  const [row] = await selectLogCredits(db).where(eq(logCredits.id, id));
  return row ?? null;
}

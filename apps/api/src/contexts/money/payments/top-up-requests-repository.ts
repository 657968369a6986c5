import { type Database, invoices, logTopUpRequests } from '@rtb/db';
import type { LogTopUpRequestsQuery } from '@rtb/shared';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { newestFirstPage, withinDays } from '../../../core/list';
import { personOf } from '../../identity';
import { advertiserRefOf, agencyRefOf } from '../../organisations';
import { currencyMinorUnitsOf, currencyOf } from '../../platform';
import { type MoneyScope, scopeOf } from './scope';

export type NewTopUpRequest = typeof logTopUpRequests.$inferInsert;

export async function insertTopUpRequest(db: Database, values: NewTopUpRequest): Promise<number> {
  const [row] = await db.insert(logTopUpRequests).values(values).returning({ id: logTopUpRequests.id });
  if (!row) throw new Error('The top-up request was not written.');
  return row.id;
}

/** The request, locked until the deciding transaction ends (two admins cannot both decide it). */
export async function lockTopUpRequest(db: Database, id: number) {
  const [row] = await db.select().from(logTopUpRequests).where(eq(logTopUpRequests.id, id)).for('update');
  return row ?? null;
}

export async function updateTopUpRequest(
  db: Database,
  id: number,
  values: Partial<
    Pick<
      NewTopUpRequest,
      'status' | 'decidedByAccountId' | 'decidedAt' | 'rejectionReason' | 'ledgerTransactionId'
    >
  >,
): Promise<void> {
  await db.update(logTopUpRequests).set(values).where(eq(logTopUpRequests.id, id));
}

const selectTopUpRequests = (db: Database) =>
  db
    .select({
      id: logTopUpRequests.id,
      createdAt: logTopUpRequests.createdAt,
      updatedAt: logTopUpRequests.updatedAt,
      status: logTopUpRequests.status,
      agency: agencyRefOf(logTopUpRequests.agencyId),
      advertiser: advertiserRefOf(logTopUpRequests.advertiserId),
      currency: currencyOf(logTopUpRequests.currencyId),
      minorUnits: currencyMinorUnitsOf(logTopUpRequests.currencyId),
      net: logTopUpRequests.net,
      taxPercent: logTopUpRequests.taxPercent,
      tax: logTopUpRequests.tax,
      gross: logTopUpRequests.gross,
      taxNote: logTopUpRequests.taxNote,
      comment: logTopUpRequests.comment,
      buyer: logTopUpRequests.buyer,
      requestedBy: personOf(logTopUpRequests.requestedByAccountId),
      requestedByAccountId: logTopUpRequests.requestedByAccountId,
      impersonator: personOf(logTopUpRequests.impersonatorAccountId),
      decidedBy: personOf(logTopUpRequests.decidedByAccountId),
      decidedAt: logTopUpRequests.decidedAt,
      rejectionReason: logTopUpRequests.rejectionReason,
      invoice: { id: invoices.id, number: invoices.number, gross: invoices.gross },
    })
    .from(logTopUpRequests)
    .leftJoin(invoices, eq(invoices.ledgerTransactionId, logTopUpRequests.ledgerTransactionId));

export type TopUpRequestRow = Awaited<ReturnType<ReturnType<typeof selectTopUpRequests>['execute']>>[number];

export async function findTopUpRequest(
  db: Database,
  id: number,
  scope: MoneyScope,
): Promise<TopUpRequestRow | null> {
  const [row] = await selectTopUpRequests(db).where(
    and(eq(logTopUpRequests.id, id), scopeOf(logTopUpRequests, scope)),
  );
  return row ?? null;
}

/** A page of requests, newest first (pending ones first for admins is a `status` filter). */
export async function listTopUpRequests(db: Database, scope: MoneyScope, query: LogTopUpRequestsQuery) {
  const where: SQL | undefined = and(
    scopeOf(logTopUpRequests, scope),
    query.status ? eq(logTopUpRequests.status, query.status) : undefined,
    withinDays(logTopUpRequests.createdAt, query),
  );
  const rows = await newestFirstPage(
    selectTopUpRequests(db).where(where).$dynamic(),
    logTopUpRequests.createdAt,
    logTopUpRequests.id,
    query,
  );
  const [total] = await db.select({ n: count() }).from(logTopUpRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

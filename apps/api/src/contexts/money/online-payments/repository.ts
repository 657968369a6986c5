import { type Database, invoices, onlinePayments } from '@rtb/db';
import type { OnlinePaymentsQuery } from '@rtb/shared';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { newestFirstPage, withinDays } from '../../../core/list';
import { personOf } from '../../identity';
import { advertiserRefOf, agencyRefOf } from '../../organisations';
import { currencyOf } from '../../platform';
import { type MoneyScope, scopeOf } from '../payments/scope';

export type NewOnlinePayment = typeof onlinePayments.$inferInsert;

export async function insertOnlinePayment(db: Database, values: NewOnlinePayment): Promise<number> {
  const [row] = await db.insert(onlinePayments).values(values).returning({ id: onlinePayments.id });
  if (!row) throw new Error('The online payment was not written.');
  return row.id;
}

export async function updateOnlinePayment(
  db: Database,
  id: number,
  values: Partial<
    Pick<
      NewOnlinePayment,
      'providerSessionId' | 'checkoutUrl' | 'status' | 'failureReason' | 'ledgerTransactionId' | 'paidAt'
    >
  >,
): Promise<void> {
  await db.update(onlinePayments).set(values).where(eq(onlinePayments.id, id));
}

/** The payment of a provider's session, locked until the webhook's transaction ends. */
export async function lockOnlinePaymentBySession(db: Database, provider: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.provider, provider), eq(onlinePayments.providerSessionId, sessionId)))
    .for('update');
  return row ?? null;
}

const selectOnlinePayments = (db: Database) =>
  db
    .select({
      id: onlinePayments.id,
      createdAt: onlinePayments.createdAt,
      status: onlinePayments.status,
      provider: onlinePayments.provider,
      agency: agencyRefOf(onlinePayments.agencyId),
      advertiser: advertiserRefOf(onlinePayments.advertiserId),
      currency: currencyOf(onlinePayments.currencyId),
      net: onlinePayments.net,
      taxPercent: onlinePayments.taxPercent,
      tax: onlinePayments.tax,
      gross: onlinePayments.gross,
      taxNote: onlinePayments.taxNote,
      checkoutUrl: onlinePayments.checkoutUrl,
      failureReason: onlinePayments.failureReason,
      paidAt: onlinePayments.paidAt,
      createdBy: personOf(onlinePayments.createdByAccountId),
      invoice: { id: invoices.id, number: invoices.number, gross: invoices.gross },
    })
    .from(onlinePayments)
    .leftJoin(invoices, eq(invoices.ledgerTransactionId, onlinePayments.ledgerTransactionId));

export type OnlinePaymentRow = Awaited<
  ReturnType<ReturnType<typeof selectOnlinePayments>['execute']>
>[number];

export async function findOnlinePayment(
  db: Database,
  id: number,
  scope: MoneyScope,
): Promise<OnlinePaymentRow | null> {
  const [row] = await selectOnlinePayments(db).where(
    and(eq(onlinePayments.id, id), scopeOf(onlinePayments, scope)),
  );
  return row ?? null;
}

export async function listOnlinePayments(db: Database, scope: MoneyScope, query: OnlinePaymentsQuery) {
  const where: SQL | undefined = and(
    scopeOf(onlinePayments, scope),
    query.status ? eq(onlinePayments.status, query.status) : undefined,
    withinDays(onlinePayments.createdAt, query),
  );
  const rows = await newestFirstPage(
    selectOnlinePayments(db).where(where).$dynamic(),
    onlinePayments.createdAt,
    onlinePayments.id,
    query,
  );
  const [total] = await db.select({ n: count() }).from(onlinePayments).where(where);
  return { rows, total: total?.n ?? 0 };
}

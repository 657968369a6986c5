import { type Database, invoiceCounters, invoices } from '@rtb/db';
import type { InvoicesQuery } from '@rtb/shared';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { newestFirstPage, searchOf, withinDays } from '../../../core/list';
import { advertiserRefOf, agencyRefOf } from '../../organisations';
import { currencyMinorUnitsOf, currencyOf } from '../../platform';
import { type MoneyScope, scopeOf } from '../payments/scope';

/**
 * The year's next invoice number. The counter row stays locked until the issuing transaction
 * ends, so numbers are given out one at a time, and a transaction that rolls back gives its
 * number back: no gaps.
 */
export async function nextInvoiceNumber(db: Database, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('The invoice counter did not answer.');
  return row.lastNumber;
}

export type NewInvoice = typeof invoices.$inferInsert;

export async function insertInvoice(db: Database, values: NewInvoice): Promise<number> {
  const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  if (!row) throw new Error('The invoice was not written.');
  return row.id;
}

const selectInvoices = (db: Database) =>
  db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      agency: agencyRefOf(invoices.agencyId),
      advertiser: advertiserRefOf(invoices.advertiserId),
      currency: currencyOf(invoices.currencyId),
      minorUnits: currencyMinorUnitsOf(invoices.currencyId),
      net: invoices.net,
      taxPercent: invoices.taxPercent,
      tax: invoices.tax,
      gross: invoices.gross,
      taxNote: invoices.taxNote,
      seller: invoices.seller,
      buyer: invoices.buyer,
      description: invoices.description,
      paymentMethod: invoices.paymentMethod,
    })
    .from(invoices);

export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];

/** One invoice, if it is within the scope (an organisation's own, or any for admins). */
export async function findInvoice(db: Database, id: number, scope: MoneyScope): Promise<InvoiceRow | null> {
  const [row] = await selectInvoices(db).where(and(eq(invoices.id, id), scopeOf(invoices, scope)));
  return row ?? null;
}

export async function listInvoices(db: Database, scope: MoneyScope, query: InvoicesQuery) {
  const where: SQL | undefined = and(
    scopeOf(invoices, scope),
    searchOf(query.search, [invoices.number]),
    withinDays(invoices.issuedAt, query),
  );
  const rows = await newestFirstPage(
    selectInvoices(db).where(where).$dynamic(),
    invoices.issuedAt,
    invoices.id,
    query,
  );
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  return { rows, total: total?.n ?? 0 };
}

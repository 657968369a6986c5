import { type Database, faqs } from '@rtb/db';
import type { FaqBody, FaqsQuery, PublishedFaqsQuery } from '@rtb/shared';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';

export type FaqRow = typeof faqs.$inferSelect;

function adminConditions(query: FaqsQuery): SQL | undefined {
  return and(
    query.locale === undefined ? undefined : eq(faqs.locale, query.locale),
    query.enabled === undefined ? undefined : eq(faqs.enabled, query.enabled),
    searchOf(query.search, [faqs.question, faqs.answer]),
  );
}

/** By language, then position (the order users see), unless sorted by another column. */
function adminOrder(query: FaqsQuery): SQL[] {
  if (query.sort === 'position') return [asc(faqs.locale), ...orderOf(faqs.position, query.order, faqs.id)];
  const column = { question: faqs.question, createdAt: faqs.createdAt, updatedAt: faqs.updatedAt }[
    query.sort
  ];
  return orderOf(column, query.order, faqs.id);
}

export async function listFaqs(db: Database, query: FaqsQuery) {
  const where = adminConditions(query);
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select()
    .from(faqs)
    .where(where)
    .orderBy(...adminOrder(query))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(faqs).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findFaq(db: Database, id: number): Promise<FaqRow | null> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
  return row ?? null;
}

/** The row, locked until the transaction ends (for a change or a delete). */
export async function lockFaq(db: Database, id: number): Promise<FaqRow | null> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).for('update');
  return row ?? null;
}

export async function insertFaq(db: Database, values: FaqBody): Promise<FaqRow> {
  const [row] = await db.insert(faqs).values(values).returning();
  if (!row) throw new Error('FAQ not inserted');
  return row;
}

export async function updateFaq(db: Database, id: number, values: FaqBody): Promise<FaqRow> {
  const [row] = await db.update(faqs).set(values).where(eq(faqs.id, id)).returning();
  if (!row) throw new Error('FAQ not updated');
  return row;
}

export async function deleteFaq(db: Database, id: number): Promise<void> {
  await db.delete(faqs).where(eq(faqs.id, id));
}

const published = (locale: string) => and(eq(faqs.locale, locale), eq(faqs.enabled, true));

/** Whether the language has any enabled FAQ. */
export async function hasPublishedFaqs(db: Database, locale: string): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(faqs).where(published(locale)).limit(1);
  return row !== undefined;
}

/** The enabled FAQs of a language by position, searched in questions and answers. */
export async function listPublishedFaqs(db: Database, locale: string, query: PublishedFaqsQuery) {
  const where = and(published(locale), searchOf(query.search, [faqs.question, faqs.answer]));
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select()
    .from(faqs)
    .where(where)
    .orderBy(asc(faqs.position), asc(faqs.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(faqs).where(where);
  return { rows, total: total?.n ?? 0 };
}

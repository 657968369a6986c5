import { type Database, emailTemplates } from '@rtb/db';
import type { EmailTemplatesQuery } from '@rtb/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

const entryColumns = {
  id: emailTemplates.id,
  key: emailTemplates.key,
  locale: emailTemplates.locale,
  subject: emailTemplates.subject,
  createdAt: emailTemplates.createdAt,
  updatedAt: emailTemplates.updatedAt,
};

/** By key, a key's locales stay together in locale order. */
const sortColumns = {
  key: sql`${emailTemplates.key} || ' ' || ${emailTemplates.locale}`,
  locale: sql`${emailTemplates.locale} || ' ' || ${emailTemplates.key}`,
  updatedAt: emailTemplates.updatedAt,
} as const;

/** The templates list (without the HTML): filter by key and locale, search key and subject. */
export async function listTemplates(db: Database, query: EmailTemplatesQuery) {
  const where = and(
    searchOf(query.search, [emailTemplates.key, emailTemplates.subject]),
    query.key ? eq(emailTemplates.key, query.key) : undefined,
    query.locale ? eq(emailTemplates.locale, query.locale) : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select(entryColumns)
    .from(emailTemplates)
    .where(where)
    .orderBy(...orderOf(sortColumns[query.sort], query.order, emailTemplates.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(emailTemplates).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findTemplate(db: Database, id: number): Promise<EmailTemplateRow | null> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  return row ?? null;
}

/** The template, locked for the rest of the transaction (two admins saving at once). */
export async function lockTemplate(db: Database, id: number): Promise<EmailTemplateRow | null> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
  return row ?? null;
}

export async function updateTemplate(
  db: Database,
  id: number,
  values: { subject: string; html: string },
): Promise<EmailTemplateRow> {
  const [row] = await db.update(emailTemplates).set(values).where(eq(emailTemplates.id, id)).returning();
  return row as EmailTemplateRow;
}

export async function templateKeyExists(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(eq(emailTemplates.key, key))
    .limit(1);
  return row !== undefined;
}

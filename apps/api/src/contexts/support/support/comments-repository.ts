import { comments, type Database } from '@rtb/db';
import { asc, count, eq } from 'drizzle-orm';
import { adminUserOf } from '../../identity';

const commentColumns = {
  id: comments.id,
  createdAt: comments.createdAt,
  content: comments.content,
  /** Null when the author is no admin (any more). */
  author: adminUserOf(comments.authorAccountId),
};

export type CommentRow = Awaited<ReturnType<typeof findComments>>[number];

/** The replies to a contact, oldest first, with their authors' names. */
export async function findComments(
  db: Database,
  formContactId: number,
  page: { limit: number; offset: number } = { limit: 1000, offset: 0 },
) {
  return db
    .select(commentColumns)
    .from(comments)
    .where(eq(comments.formContactId, formContactId))
    .orderBy(asc(comments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countComments(db: Database, formContactId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(eq(comments.formContactId, formContactId));
  return row?.n ?? 0;
}

export async function insertComment(
  db: Database,
  values: { formContactId: number; authorAccountId: number | null; content: string },
): Promise<number> {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  if (!row) throw new Error('comment not inserted');
  return row.id;
}

export async function findComment(db: Database, id: number) {
  const [row] = await db.select(commentColumns).from(comments).where(eq(comments.id, id));
  return row ?? null;
}

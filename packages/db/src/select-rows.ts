import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The rows of a raw `sql` statement, typed as its select (or returning) list names them. Both
 * drivers answer `{ rows }`, but `Database` is typed over either one, so `execute` cannot know
 * the shape: this is the one place that says it.
 */
export async function selectRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

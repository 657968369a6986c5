import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The rows of a raw `sql` statement, typed as its select (or returning) list names them (the
 * statement is not checked against them).
 */
export async function selectRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const { rows } = await db.execute(statement);
  return rows as Row[];
}

import { activityLogs, type Database } from '@rtb/db';

export type NewActivityLog = typeof activityLogs.$inferInsert;

export async function insertActivityLogs(db: Database, rows: NewActivityLog[]): Promise<void> {
  if (rows.length) await db.insert(activityLogs).values(rows);
}

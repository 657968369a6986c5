import { configValues, type Database } from '@rtb/db';
import { eq } from 'drizzle-orm';

export async function findConfigValueId(db: Database, key: string): Promise<number | null> {
  const [row] = await db.select({ id: configValues.id }).from(configValues).where(eq(configValues.key, key));
  return row ? Number(row.id) : null;
}

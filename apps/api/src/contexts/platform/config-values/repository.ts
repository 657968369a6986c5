import { configValues, type Database } from '@rtb/db';
import { eq } from 'drizzle-orm';

export async function findConfigValue(db: Database, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: configValues.value })
    .from(configValues)
    .where(eq(configValues.key, key));
  return row?.value;
}

export async function updateConfigValue(db: Database, key: string, value: unknown): Promise<void> {
  await db.update(configValues).set({ value }).where(eq(configValues.key, key));
}

export async function findConfigValueId(db: Database, key: string): Promise<number | null> {
  const [row] = await db.select({ id: configValues.id }).from(configValues).where(eq(configValues.key, key));
  return row ? Number(row.id) : null;
}

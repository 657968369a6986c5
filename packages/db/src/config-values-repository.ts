import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { configValues } from './schema';

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

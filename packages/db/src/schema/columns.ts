import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Identity primary key; ids stay below 2^53, so they are plain numbers in TypeScript. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** Money in integer minor units of the organisation's currency. */
export const money = (name: string) => bigint(name, { mode: 'number' });

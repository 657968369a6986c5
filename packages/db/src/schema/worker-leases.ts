import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who does a background work that one process at a time should do (the click and conversion
 * models' training, the win curves' fit), among the processes that run the workers. The holder
 * renews its lease while it works and gives it back when it stops; another process takes it once
 * it expired (its holder killed or cut off).
 */
export const workerLeases = pgTable('worker_leases', {
  /** The work (`prediction-models`, `win-curves`). */
  name: text('name').primaryKey(),
  /** The holding worker's id, new at each start of it. */
  holder: text('holder').notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

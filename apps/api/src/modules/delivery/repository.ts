import type { Database } from '@rtb/db';
import { sql } from 'drizzle-orm';

/** The channel of migration 0009's triggers: payload `<table>:<advertiser id>` (or `<table>:`). */
export const DELIVERY_CHANNEL = 'delivery_changed';

/** Sends a payload on the bidders' channel (at the commit of the caller's transaction, if any). */
export async function notifyDelivery(db: Database, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, ${payload})`);
}

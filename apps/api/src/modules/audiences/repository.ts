import { audiences, type Database } from '@rtb/db';
import { and, eq, inArray } from 'drizzle-orm';

/** Which of `ids` are audiences of the advertiser. */
export async function ownAudienceIds(
  db: Database,
  advertiserId: number,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: audiences.id })
    .from(audiences)
    .where(and(eq(audiences.advertiserId, advertiserId), inArray(audiences.id, ids)));
  return new Set(rows.map((row) => row.id));
}

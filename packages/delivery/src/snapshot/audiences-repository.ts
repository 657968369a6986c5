import { audiences, type Database } from '@rtb/db';
import type { AudienceInput } from '@rtb/rtb';
import { inArray } from 'drizzle-orm';

/** The audiences with these ids, by id: what the bidder checks a visitor against. */
export async function audiencesByIds(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, AudienceInput & { advertiserId: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: audiences.id,
      advertiserId: audiences.advertiserId,
      rule: audiences.rule,
      productType: audiences.productType,
      lookbackDays: audiences.lookbackDays,
    })
    .from(audiences)
    .where(inArray(audiences.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

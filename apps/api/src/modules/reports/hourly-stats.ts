import { type Database, statsHourly } from '@rtb/db';
import { sql } from 'drizzle-orm';

/** One batch's additions to one rollup row (hour x campaign x creative x country x device x domain). */
export type HourlyStatsDelta = Pick<
  typeof statsHourly.$inferInsert,
  'hour' | 'advertiserId' | 'campaignId' | 'bannerId'
> &
  Partial<Omit<typeof statsHourly.$inferInsert, 'hour' | 'advertiserId' | 'campaignId' | 'bannerId'>>;

const counters = [
  'bids',
  'wins',
  'impressions',
  'clicks',
  'invalidImpressions',
  'invalidClicks',
  'clickConversions',
  'viewConversions',
  'conversionValueMinor',
  'clearingMicros',
  'spendMicros',
  'marginMicros',
  'commissionMicros',
] as const;

const keyOf = (d: HourlyStatsDelta) =>
  [d.hour.toISOString(), d.campaignId, d.bannerId, d.country ?? '', d.deviceType ?? '', d.domain ?? ''].join(
    '\u0000',
  );

/**
 * Adds a batch of events to the hourly rollups, in the caller's transaction (the one recording
 * the events), so rollups always equal the events. Deltas of one row are summed first, and rows
 * are written in key order so that concurrent batches never deadlock.
 */
export async function addHourlyStats(db: Database, deltas: HourlyStatsDelta[]): Promise<void> {
  const merged = new Map<string, HourlyStatsDelta>();
  for (const delta of deltas) {
    const key = keyOf(delta);
    const row = merged.get(key);
    if (!row) {
      merged.set(key, {
        ...delta,
        country: delta.country ?? '',
        deviceType: delta.deviceType ?? '',
        domain: delta.domain ?? '',
      });
      continue;
    }
    for (const c of counters) row[c] = (row[c] ?? 0) + (delta[c] ?? 0);
  }
  if (!merged.size) return;
  const rows = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  await db
    .insert(statsHourly)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        statsHourly.hour,
        statsHourly.campaignId,
        statsHourly.bannerId,
        statsHourly.country,
        statsHourly.deviceType,
        statsHourly.domain,
      ],
      set: Object.fromEntries(
        counters.map((c) => [c, sql`${statsHourly[c]} + excluded.${sql.identifier(statsHourly[c].name)}`]),
      ),
    });
}

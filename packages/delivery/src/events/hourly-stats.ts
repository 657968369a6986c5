import { type Database, insertRows, statsCampaignHourly, statsHourly, statsProductHourly } from '@rtb/db';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addCampaignDailyStats } from './campaign-daily-stats';

/** One batch's additions to one rollup row (hour x campaign x creative x country x device x domain). */
export type HourlyStatsDelta = Pick<
  typeof statsHourly.$inferInsert,
  'hour' | 'advertiserId' | 'campaignId' | 'bannerId'
> &
  Partial<Omit<typeof statsHourly.$inferInsert, 'hour' | 'advertiserId' | 'campaignId' | 'bannerId'>>;

/** One batch's additions to one product's rollup row (hour x campaign x creative x product). */
export type ProductHourlyStatsDelta = Pick<
  typeof statsProductHourly.$inferInsert,
  'hour' | 'advertiserId' | 'campaignId' | 'bannerId' | 'productKey'
> &
  Partial<
    Omit<
      typeof statsProductHourly.$inferInsert,
      'hour' | 'advertiserId' | 'campaignId' | 'bannerId' | 'productKey'
    >
  >;

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
  'pixelConversions',
  'tagConversions',
  'postbackConversions',
  'clearingMicros',
  'spendMicros',
  'marginMicros',
  'commissionMicros',
  'predictedClicksMicro',
  'predictedConversionsMicro',
  'shadedClearingMicros',
  'unshadedMicros',
] as const;

const productCounters = ['impressions', 'clicks', 'clickConversions', 'conversionValueMinor'] as const;

/** Deltas of one row (the same `keys`) summed, in key order: concurrent batches write rows in the same order. */
function mergeDeltas<D extends Record<string, unknown>>(
  keys: readonly (keyof D & string)[],
  sums: readonly (keyof D & string)[],
  deltas: D[],
): D[] {
  const merged = new Map<string, D>();
  for (const delta of deltas) {
    const key = keys
      .map((k) => {
        const v = delta[k];
        return v instanceof Date ? v.toISOString() : String(v);
      })
      .join('\u0000');
    const row = merged.get(key);
    if (!row) {
      merged.set(key, { ...delta });
      continue;
    }
    for (const c of sums) (row as Record<string, number>)[c] = Number(row[c] ?? 0) + Number(delta[c] ?? 0);
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/**
 * Adds deltas to a rollup table in one upsert: deltas of one row (the same `keys`) are summed
 * first, and rows are written in key order so that concurrent batches never deadlock.
 */
async function addDeltas<D extends Record<string, unknown>>(
  db: Database,
  table: PgTable,
  keys: readonly (keyof D & string)[],
  sums: readonly (keyof D & string)[],
  rows: D[],
): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table);
  const name = (key: string) => sql.identifier((columns[key] as PgColumn).name);
  await db.execute(sql`
    ${insertRows(table, mergeDeltas(keys, sums, rows))}
    on conflict (${sql.join(keys.map(name), sql`, `)}) do update set ${sql.join(
      sums.map((c) => sql`${name(c)} = ${table}.${name(c)} + excluded.${name(c)}`),
      sql`, `,
    )}`);
}

/**
 * Adds a batch of events to the hourly rollups, in the caller's transaction (the one recording
 * the events), so rollups always equal the events: the detailed rows and, summed per hour and
 * campaign, the campaigns' rows, and those summed per day of the advertiser's clock.
 */
export async function addHourlyStats(db: Database, deltas: HourlyStatsDelta[]): Promise<void> {
  await addDeltas(
    db,
    statsHourly,
    ['hour', 'campaignId', 'bannerId', 'country', 'deviceType', 'domain'],
    counters,
    deltas.map((delta) => ({
      ...delta,
      country: delta.country ?? '',
      deviceType: delta.deviceType ?? '',
      domain: delta.domain ?? '',
    })),
  );
  const campaignKeys = ['advertiserId', 'hour', 'campaignId'] as const;
  const campaignHours = mergeDeltas(
    campaignKeys,
    counters,
    deltas.map(
      ({ bannerId: _banner, country: _country, deviceType: _device, domain: _domain, ...delta }) => delta,
    ),
  );
  await addDeltas(db, statsCampaignHourly, campaignKeys, counters, campaignHours);
  await addCampaignDailyStats(db, campaignHours);
}

/** Adds a batch's product deltas to the products' hourly rollups, in the same transaction as the events. */
export async function addProductHourlyStats(db: Database, deltas: ProductHourlyStatsDelta[]): Promise<void> {
  await addDeltas(
    db,
    statsProductHourly,
    ['hour', 'campaignId', 'bannerId', 'productKey'],
    productCounters,
    deltas,
  );
}

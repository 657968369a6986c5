import { bidRequestSampleDays, bidRequestSamples, type Database } from '@rtb/db';
import type { RequestSample, SampleDay } from '@rtb/rtb';
import { asc, gt, sql } from 'drizzle-orm';

/** The most sampled requests kept: each batch deletes the oldest beyond it (decision 0019). */
export const FORECAST_SAMPLE_MAX_ROWS = 50_000;

/** Days of counters the forecast reads: the sample never spans more at the bidders' rates. */
const SAMPLE_DAYS_READ = 60;

/**
 * Adds a batch of sampled requests and the day counters (requests seen, rows sampled), then cuts
 * the sample back to `maxRows` (`FORECAST_SAMPLE_MAX_ROWS`), oldest first; in the caller's transaction. The
 * bidders call it every few seconds with what they held in memory, never on a bid's path.
 */
export async function recordRequestSamples(
  db: Database,
  samples: readonly RequestSample[],
  days: readonly SampleDay[],
  maxRows = FORECAST_SAMPLE_MAX_ROWS,
): Promise<void> {
  if (samples.length)
    await db.insert(bidRequestSamples).values(
      samples.map((sample) => ({
        seenAt: sample.seenAt,
        auctionType: sample.auctionType,
        imps: sample.imps.map((imp) => ({ s: imp.sizes, f: imp.floorMicros, c: imp.floorCurrency })),
        currencies: sample.currencies,
        country: sample.country,
        deviceType: sample.deviceType,
        os: sample.os,
        domain: sample.domain,
        categories: sample.categories,
        blockedCategories: sample.blockedCategories,
        blockedAdvertiserDomains: sample.blockedAdvertiserDomains,
        userHash: sample.userHash,
      })),
    );
  for (const day of days)
    await db
      .insert(bidRequestSampleDays)
      .values(day)
      .onConflictDoUpdate({
        target: bidRequestSampleDays.day,
        set: {
          requests: sql`${bidRequestSampleDays.requests} + excluded.requests`,
          sampled: sql`${bidRequestSampleDays.sampled} + excluded.sampled`,
        },
      });
  if (samples.length)
    await db.execute(
      sql`delete from bid_request_samples
          where id <= (select max(id) from bid_request_samples) - ${maxRows}`,
    );
}

/** The whole sample (at most `FORECAST_SAMPLE_MAX_ROWS` rows) and the counters of its days. */
export async function requestSample(
  db: Database,
  now: Date,
): Promise<{ samples: RequestSample[]; days: SampleDay[] }> {
  const rows = await db.select().from(bidRequestSamples).orderBy(asc(bidRequestSamples.id));
  const since = new Date(now.getTime() - SAMPLE_DAYS_READ * 86_400_000).toISOString().slice(0, 10);
  const days = await db.select().from(bidRequestSampleDays).where(gt(bidRequestSampleDays.day, since));
  return {
    samples: rows.map((row) => ({
      seenAt: row.seenAt,
      auctionType: row.auctionType === 1 ? 1 : 2,
      imps: row.imps.map((imp) => ({ sizes: imp.s, floorMicros: imp.f, floorCurrency: imp.c })),
      currencies: row.currencies,
      country: row.country,
      deviceType: row.deviceType as RequestSample['deviceType'],
      os: row.os as RequestSample['os'],
      domain: row.domain,
      categories: row.categories,
      blockedCategories: row.blockedCategories,
      blockedAdvertiserDomains: row.blockedAdvertiserDomains,
      userHash: row.userHash,
    })),
    days,
  };
}

import { campaignDailyStats, type Database, insertRows } from '@rtb/db';
import { sql } from 'drizzle-orm';

/** What one batch of delivery events adds to a campaign's day (its advertiser's day). */
export interface DailyStatsDelta {
  campaignId: number;
  day: string;
  impressions: number;
  clicks: number;
  spendMicros: number;
}

/**
 * Adds delivery counters to the campaigns' days, in the caller's transaction (the one recording
 * the events). Rows are written in key order so that concurrent batches never deadlock.
 */
export async function addDailyStats(db: Database, deltas: DailyStatsDelta[]): Promise<void> {
  if (!deltas.length) return;
  const sorted = [...deltas].sort((a, b) => a.campaignId - b.campaignId || a.day.localeCompare(b.day));
  await db.execute(sql`
    ${insertRows(campaignDailyStats, sorted)}
    on conflict (campaign_id, day) do update set
      impressions = campaign_daily_stats.impressions + excluded.impressions,
      clicks = campaign_daily_stats.clicks + excluded.clicks,
      spend_micros = campaign_daily_stats.spend_micros + excluded.spend_micros`);
}

import { type Database, selectRows } from '@rtb/db';
import type { OutcomeHistory } from '@rtb/rtb';
import { sql } from 'drizzle-orm';

/** The days of history a campaign's priors are drawn from (`priorPredictions`). */
export const OUTCOME_HISTORY_DAYS = 30;

/** What the campaigns, their advertisers and the platform (per currency) bought lately. */
export interface OutcomeHistories {
  campaigns: Map<number, OutcomeHistory>;
  advertisers: Map<number, OutcomeHistory>;
  /** Currency code -> the history of every advertiser in it (order values are in that currency). */
  platform: Map<string, OutcomeHistory>;
}

const emptyHistory = (): OutcomeHistory => ({
  impressions: 0,
  clicks: 0,
  conversions: 0,
  conversionValueMicros: 0,
});

function add(histories: Map<string | number, OutcomeHistory>, key: string | number, row: OutcomeHistory) {
  const history = histories.get(key) ?? emptyHistory();
  history.impressions += row.impressions;
  history.clicks += row.clicks;
  history.conversions += row.conversions;
  history.conversionValueMicros += row.conversionValueMicros;
  histories.set(key, history);
}

/**
 * Every campaign's impressions, clicks and post-click conversions with their value over the last
 * `OUTCOME_HISTORY_DAYS` days of the daily rollups (one row per campaign and day), summed per
 * campaign, per advertiser and per currency of the platform.
 */
export async function outcomeHistories(db: Database, now: Date): Promise<OutcomeHistories> {
  const since = new Date(now.getTime() - OUTCOME_HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await selectRows<{
    campaign_id: number;
    advertiser_id: number;
    currency: string;
    minor_units: number;
    impressions: string;
    clicks: string;
    conversions: string;
    value_minor: string;
  }>(
    db,
    sql`
      select s.campaign_id, s.advertiser_id, c.code as currency, c.minor_units,
        sum(s.impressions) as impressions, sum(s.clicks) as clicks,
        sum(s.click_conversions) as conversions, sum(s.conversion_value_minor) as value_minor
      from stats_campaign_daily s
      join advertisers a on a.id = s.advertiser_id
      join currencies c on c.id = a.currency_id
      where s.day >= ${since}::date
      group by s.campaign_id, s.advertiser_id, c.code, c.minor_units`,
  );
  const histories: OutcomeHistories = { campaigns: new Map(), advertisers: new Map(), platform: new Map() };
  for (const row of rows) {
    const history: OutcomeHistory = {
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
      conversions: Number(row.conversions),
      conversionValueMicros: Number(row.value_minor) * 10 ** (6 - Number(row.minor_units)),
    };
    add(histories.campaigns, Number(row.campaign_id), history);
    add(histories.advertisers, Number(row.advertiser_id), history);
    add(histories.platform, row.currency, history);
  }
  return histories;
}

/** How long a read of the histories serves reloads: they span 30 days, a few minutes change little. */
export const OUTCOME_HISTORY_TTL_MS = 5 * 60_000;

/**
 * The histories of one process, read again once `OUTCOME_HISTORY_TTL_MS` old: a bidder reloads
 * an advertiser whenever its spend moves, and the read aggregates a month of every campaign's
 * daily rollups. Concurrent reloads share one read.
 */
export class OutcomeHistoryCache {
  #read: { at: number; histories: Promise<OutcomeHistories> } | null = null;

  get(db: Database, now: Date): Promise<OutcomeHistories> {
    const read = this.#read;
    if (read && now.getTime() - read.at < OUTCOME_HISTORY_TTL_MS && now.getTime() >= read.at)
      return read.histories;
    const histories = outcomeHistories(db, now);
    const fresh = { at: now.getTime(), histories };
    this.#read = fresh;
    // A failed read is not kept: the next reload tries again.
    histories.catch(() => {
      if (this.#read === fresh) this.#read = null;
    });
    return histories;
  }
}

/** The history under `key`, none when there is none. */
export const historyOf = (histories: Map<string | number, OutcomeHistory>, key: string | number) =>
  histories.get(key) ?? emptyHistory();

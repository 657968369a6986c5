import type { FrequencyCapPeriod } from '@rtb/shared';
import { localTime } from '../local-time';
import type { CampaignInput } from '../types';
import { addDays, isoWeekOf, localDayStart, weekdayOf } from './local-clock';

const HOUR_MS = 3_600_000;
const LIFETIME_MS = 400 * 24 * HOUR_MS;

export interface FrequencyKey {
  /** `f:{u<userId>}:c<campaignId>:<period bucket>`: the hash tag keeps one user's counters on one Redis slot. */
  key: string;
  /** When the bucket ends (Unix ms): the counter may be dropped then. */
  expiresAtMs: number;
}

interface Bucket {
  bucket: string;
  endsAtMs: number;
}

/** Each zone's day and week buckets for the local day they were last worked out on. */
const localBuckets = {
  day: new Map<string, { day: string; bucket: Bucket }>(),
  week: new Map<string, { day: string; bucket: Bucket }>(),
};

/** The advertiser's day or ISO week that `now` falls in, and when it ends (its local midnight). */
function localBucketOf(period: 'day' | 'week', timeZone: string, now: Date): Bucket {
  const { day } = localTime(now, timeZone);
  const cached = localBuckets[period].get(timeZone);
  if (cached?.day === day) return cached.bucket;
  const bucket =
    period === 'day'
      ? { bucket: `d${day}`, endsAtMs: localDayStart(addDays(day, 1), timeZone) }
      : { bucket: `w${isoWeekOf(day)}`, endsAtMs: localDayStart(addDays(day, 7 - weekdayOf(day)), timeZone) };
  localBuckets[period].set(timeZone, { day, bucket });
  return bucket;
}

/** The bucket of the cap's period that `now` falls in, and when it ends. */
function bucketOf(campaign: CampaignInput, period: FrequencyCapPeriod, now: Date): Bucket {
  const nowMs = now.getTime();
  switch (period) {
    case 'hour': {
      const hour = Math.floor(nowMs / HOUR_MS);
      return {
        bucket: `h${new Date(hour * HOUR_MS).toISOString().slice(0, 13)}`,
        endsAtMs: (hour + 1) * HOUR_MS,
      };
    }
    case 'day':
    case 'week':
      return localBucketOf(period, campaign.timeZone, now);
    case 'lifetime':
      return { bucket: 'l', endsAtMs: nowMs + LIFETIME_MS };
  }
}

/**
 * The frequency-cap counter of a user for a campaign now and when it lapses; null without a cap
 * or a user. Hours are UTC hours; days and ISO weeks are the advertiser's, ending at its local
 * midnight (23 or 25 hours on the days the clocks change); a lifetime counter lasts 400 days.
 */
export function frequencyKey(campaign: CampaignInput, userId: string | null, now: Date): FrequencyKey | null {
  if (campaign.frequencyCap === null || userId === null) return null;
  const { bucket, endsAtMs } = bucketOf(campaign, campaign.frequencyCap.period, now);
  return { key: `f:{u${userId}}:c${campaign.id}:${bucket}`, expiresAtMs: endsAtMs };
}

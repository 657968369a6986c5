import { z } from 'zod';
import { pacingStates } from './campaigns';
import { envelope } from './common';
import { rtbViewStatus } from './rtb-views';

/** What the overview raises about a client, in the order an account manager acts on them. */
export const overviewAlerts = [
  'funds_exhausted',
  'low_balance',
  'not_serving',
  'creative_rejected',
  'feed_failing',
  'tag_silent',
] as const;
export type OverviewAlert = (typeof overviewAlerts)[number];

/** Days of spend the funds cover under which the overview warns (a top-up takes a bank day or two). */
export const LOW_BALANCE_DAYS = 3;

/** How many advertisers one overview covers; an agency with more sees the first ones by name. */
export const OVERVIEW_ADVERTISER_LIMIT = 500;

export const agencyOverviewRowDto = z.object({
  advertiser: z.object({ id: z.number().int(), name: z.string() }),
  /** ISO code of the advertiser's currency: every amount of the row is in it. */
  currency: z.string(),
  timeZone: z.string(),
  /** Micro-units of the currency, each over the advertiser's own days. */
  spend: z.object({
    todayMicros: z.number().int(),
    yesterdayMicros: z.number().int(),
    monthMicros: z.number().int(),
    last7DaysMicros: z.number().int(),
  }),
  campaigns: z.object({
    active: z.number().int(),
    serving: z.number().int(),
    /** Minor units: the serving campaigns' daily budgets; null when none has one. */
    dailyBudgetMinor: z.number().int().nullable(),
    /** A serving campaign has no daily budget. */
    unlimited: z.boolean(),
  }),
  /** Null without a daily budget to pace against, or before an hour of the day has passed. */
  pacing: z.enum(pacingStates).nullable(),
  /** Minor units that may still be spent: the balance and the credit left. */
  fundsMinor: z.number().int(),
  /** Whole days the funds cover at the last 7 days' average spend; null without spend. */
  daysCovered: z.number().int().nullable(),
  /** The integration status of each area, as the advertiser's own panel shows it. */
  status: rtbViewStatus,
  alerts: z.array(z.enum(overviewAlerts)),
});
export type AgencyOverviewRowDto = z.infer<typeof agencyOverviewRowDto>;

export const agencyOverviewDto = z.object({
  rows: z.array(agencyOverviewRowDto),
  /** The agency has more advertisers than one overview covers. */
  truncated: z.boolean(),
});
export type AgencyOverviewDto = z.infer<typeof agencyOverviewDto>;

/** `GET /api/agency/overview`. */
export const agencyOverviewResponse = envelope({ agencyOverview: agencyOverviewDto });

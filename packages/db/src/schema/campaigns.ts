import {
  attributionWindowLimits,
  campaignGoalKinds,
  campaignPacings,
  campaignStatuses,
  frequencyCapPeriods,
} from '@rtb/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { banners } from './banners';
import { id, money, ref, timestamps } from './columns';
import { advertisers } from './organisations';

/**
 * Campaigns: flat columns and arrays (no per-campaign joins beyond its banners), so that a
 * bidder loads every active campaign in one query and keeps it in memory.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    advertiserId: ref('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: campaignStatuses }).notNull().default('draft'),
    /** The advertiser's days (its time zone), both included. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** 0-167 from Monday 00:00 in the advertiser's time zone; null = every hour. */
    hoursOfWeek: smallint('hours_of_week').array(),
    totalBudget: money('total_budget'),
    dailyBudget: money('daily_budget'),
    /** What it buys (`campaignGoal` of packages/shared); each kind has its columns (`campaigns_goal`). */
    goalKind: text('goal_kind', { enum: campaignGoalKinds }).notNull().default('maxCpm'),
    /** Target CPC or CPA: gross, micro-units of the advertiser's currency. */
    goalTargetMicros: bigint('goal_target_micros', { mode: 'number' }),
    /** Target ROAS: revenue over spend in basis points (40,000 is 400%). */
    goalTargetRoasBps: integer('goal_target_roas_bps'),
    /** Gross, minor units per 1,000 impressions: a max-CPM goal's price, an outcome goal's optional ceiling. */
    maxCpm: money('max_cpm'),
    pacing: text('pacing', { enum: campaignPacings }).notNull().default('even'),
    frequencyCapCount: integer('frequency_cap_count'),
    frequencyCapPeriod: text('frequency_cap_period', { enum: frequencyCapPeriods }),
    /** Attribution: days a conversion may follow the campaign's click, and its impression (0 = never). */
    clickWindowDays: smallint('click_window_days')
      .notNull()
      .default(attributionWindowLimits.clickWindowDays.default),
    viewWindowDays: smallint('view_window_days')
      .notNull()
      .default(attributionWindowLimits.viewWindowDays.default),
    /**
     * A lift test's hold-out: the share of the audience (basis points, 0 none, at most 5,000) the
     * campaign never bids on, each user placed by a stable hash of their id (packages/rtb's
     * `holdoutGroup`); at the campaign's turn the bidder records a 'ghost' of the impression it
     * would have bought, or an 'exposure' of an exposed user, and bids.
     */
    holdoutBps: integer('holdout_bps').notNull().default(0),
    countries: text('countries').array().notNull().default([]),
    deviceTypes: text('device_types').array().notNull().default([]),
    operatingSystems: text('operating_systems').array().notNull().default([]),
    includeDomains: text('include_domains').array().notNull().default([]),
    excludeDomains: text('exclude_domains').array().notNull().default([]),
    excludedCategories: text('excluded_categories').array().notNull().default([]),
    /** Audiences of the same advertiser (checked by the service): include any (none = anyone), exclude all. */
    audienceIncludeIds: bigint('audience_include_ids', { mode: 'number' }).array().notNull().default([]),
    audienceExcludeIds: bigint('audience_exclude_ids', { mode: 'number' }).array().notNull().default([]),
    createdByAccountId: ref('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    updatedByAccountId: ref('updated_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('campaigns_budget', sql`num_nonnulls(${t.totalBudget}, ${t.dailyBudget}) > 0`),
    check(
      'campaigns_amounts_positive',
      sql`coalesce(${t.maxCpm}, 1) > 0 and coalesce(${t.totalBudget}, 1) > 0 and coalesce(${t.dailyBudget}, 1) > 0`,
    ),
    // A max-CPM goal has its price and no target; an outcome goal its one target above zero.
    check(
      'campaigns_goal',
      sql`case ${t.goalKind}
        when 'maxCpm' then ${t.maxCpm} is not null and num_nonnulls(${t.goalTargetMicros}, ${t.goalTargetRoasBps}) = 0
        when 'targetCpc' then coalesce(${t.goalTargetMicros}, 0) > 0 and ${t.goalTargetRoasBps} is null
        when 'targetCpa' then coalesce(${t.goalTargetMicros}, 0) > 0 and ${t.goalTargetRoasBps} is null
        when 'targetRoas' then coalesce(${t.goalTargetRoasBps}, 0) > 0 and ${t.goalTargetMicros} is null
        else false end`,
    ),
    check('campaigns_holdout', sql`${t.holdoutBps} between 0 and 5000`),
    check('campaigns_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check(
      'campaigns_frequency_cap',
      sql`(${t.frequencyCapCount} is null) = (${t.frequencyCapPeriod} is null) and coalesce(${t.frequencyCapCount}, 1) > 0`,
    ),
    // The bounds of `attributionWindowLimits`.
    check(
      'campaigns_attribution_windows',
      sql`${t.clickWindowDays} between 1 and 90 and ${t.viewWindowDays} between 0 and 30`,
    ),
    index('campaigns_advertiser_created_idx').on(t.advertiserId, t.createdAt.desc(), t.id.desc()),
    index('campaigns_active_idx').on(t.id).where(sql`${t.status} = 'active'`),
  ],
);

/** The creatives a campaign shows. */
export const campaignBanners = pgTable(
  'campaign_banners',
  {
    campaignId: ref('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    bannerId: ref('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.bannerId] }),
    index('campaign_banners_banner_idx').on(t.bannerId),
  ],
);

/**
 * A campaign's counters per day of its advertiser (time zone): what the bidder adds up and the
 * campaign list, the budgets and the serving status read. Spend in micro-units.
 */
export const campaignDailyStats = pgTable(
  'campaign_daily_stats',
  {
    campaignId: ref('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    spendMicros: bigint('spend_micros', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

import { z } from 'zod';
import { messages } from '../messages';
import { CAMPAIGN_MAX_AUDIENCES } from './audiences';
import { bannerStatuses, bannerTypes, changedByDto } from './banners';
import { campaignGoal } from './campaign-goals';
import { campaignMessages } from './campaigns-messages';
import { apiDateTime, envelope, listOf, listQuery, utcDay } from './common';
import { domainListField } from './domains';

/** The state the user sets. Whether a campaign actually serves is `servingStatus`. */
export const campaignStatuses = ['draft', 'active', 'paused', 'archived'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Which status a campaign may move to from which (archived campaigns come back paused). */
export const campaignStatusTransitions: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ['active', 'archived'],
  active: ['paused', 'archived'],
  paused: ['active', 'archived'],
  archived: ['paused'],
};

export const campaignPacings = ['even', 'asap'] as const;
export type CampaignPacing = (typeof campaignPacings)[number];

export const frequencyCapPeriods = ['hour', 'day', 'week', 'lifetime'] as const;
export type FrequencyCapPeriod = (typeof frequencyCapPeriods)[number];

/** OpenRTB device types as the panel groups them. */
export const deviceTypes = ['desktop', 'mobile', 'tablet', 'ctv'] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const operatingSystems = ['windows', 'macos', 'linux', 'chromeos', 'android', 'ios', 'other'] as const;
export type OperatingSystem = (typeof operatingSystems)[number];

/**
 * IAB Content Taxonomy 1.0 tier-1 categories (OpenRTB `cattax` 1). Excluding one excludes its
 * sub-categories (`IAB7` covers `IAB7-12`). The web app names them in en and pl.
 */
export const iabCategories = [
  'IAB1',
  'IAB2',
  'IAB3',
  'IAB4',
  'IAB5',
  'IAB6',
  'IAB7',
  'IAB8',
  'IAB9',
  'IAB10',
  'IAB11',
  'IAB12',
  'IAB13',
  'IAB14',
  'IAB15',
  'IAB16',
  'IAB17',
  'IAB18',
  'IAB19',
  'IAB20',
  'IAB21',
  'IAB22',
  'IAB23',
  'IAB24',
  'IAB25',
  'IAB26',
] as const;
export type IabCategory = (typeof iabCategories)[number];

/**
 * The sensitive categories of the taxonomy (Non-Standard Content and Illegal Content, with their
 * sub-categories): a new campaign avoids them until the advertiser says otherwise.
 */
export const sensitiveIabCategories: readonly IabCategory[] = ['IAB25', 'IAB26'];

/** Hours of the week are numbered 0-167: Monday 00:00-01:00 is 0, Sunday 23:00-24:00 is 167. */
export const HOURS_PER_WEEK = 168;
export const FREQUENCY_CAP_MAX = 1000;
export const CAMPAIGN_MAX_BANNERS = 100;
export const CAMPAIGN_BULK_MAX = 100;

/**
 * Attribution windows (DESIGN.md section 6): how many days after its click, and after its
 * impression, a conversion is credited to a campaign. A view window of 0 never credits impressions.
 */
export const attributionWindowLimits = {
  clickWindowDays: { min: 1, max: 90, default: 7 },
  viewWindowDays: { min: 0, max: 30, default: 1 },
} as const;

/**
 * A lift test's hold-out: the share of the campaign's users (basis points) it never bids on, to
 * compare their purchases with those who saw its ads; 0 runs no test, at most half the audience.
 */
export const HOLDOUT_MAX_BPS = 5_000;

/**
 * Why a campaign does not serve now (or, for `scheduled`, not yet). Computed on the server from
 * the campaign, its creatives, its advertiser and its counters; the web app names each in en
 * and pl, `scheduled` with its start day.
 */
export const servingReasonCodes = [
  'draft',
  'paused',
  'archived',
  'finished',
  'scheduled',
  'no_approved_creative',
  'advertiser_not_verified',
  'billing_incomplete',
  'regulation_not_accepted',
  'funds_exhausted',
  'total_budget_spent',
  'daily_budget_spent',
  'outside_hours',
] as const;
export type ServingReasonCode = (typeof servingReasonCodes)[number];

export const servingReason = z.object({
  code: z.enum(servingReasonCodes),
  /** `scheduled`: the first day (the advertiser's day), `YYYY-MM-DD`. */
  date: z.string().optional(),
});
export type ServingReason = z.infer<typeof servingReason>;

export const servingStatusDto = z.object({ serving: z.boolean(), reasons: z.array(servingReason) });
export type ServingStatusDto = z.infer<typeof servingStatusDto>;

/**
 * A minimum's text with the amount (minor units of a currency with `minorUnits` decimals)
 * written in as the payments texts write theirs: 'The maximum CPM must be at least 1.00.'
 */
export function belowMinimumText(
  message: typeof campaignMessages.bidBelowMinimum | typeof campaignMessages.dailyBelowMinimum,
  minMinorUnits: number,
  minorUnits = 2,
): string {
  return message.replace('{min}', minorAmountText(minMinorUnits, minorUnits));
}

/** Minor units of a currency with `minorUnits` decimals as the API's texts write an amount ('1,000.00'). */
export function minorAmountText(amount: number, minorUnits = 2): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: minorUnits,
    maximumFractionDigits: minorUnits,
  }).format(amount / 10 ** minorUnits);
}

/** An amount of the campaign form: minor units of the advertiser's currency above zero. */
export const campaignAmount = z
  .number({ message: campaignMessages.amountPositive })
  .int()
  .positive(campaignMessages.amountPositive)
  .max(1e12, campaignMessages.amountTooLarge);

export const frequencyCapBody = z.object({
  count: z.number().int().min(1).max(FREQUENCY_CAP_MAX),
  period: z.enum(frequencyCapPeriods),
});
export type FrequencyCapBody = z.infer<typeof frequencyCapBody>;

const windowDays = (
  limits: (typeof attributionWindowLimits)[keyof typeof attributionWindowLimits],
  message: string,
) =>
  z
    .number({ message })
    .int(message)
    .min(limits.min, message)
    .max(limits.max, message)
    .default(limits.default);

const distinct = <T>(values: T[]): T[] => [...new Set(values)];

const audienceIds = z
  .array(z.number().int().positive())
  .max(CAMPAIGN_MAX_AUDIENCES)
  .transform(distinct)
  .default([]);

/** The campaign form: everything but its status (which moves through `status` calls). */
export const campaignBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    /** The advertiser's days (its time zone), both included. */
    startDate: utcDay,
    endDate: utcDay.nullable().default(null),
    /** Hours of the week it may serve (0-167, the advertiser's time); null = every hour. */
    hoursOfWeek: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(HOURS_PER_WEEK - 1),
      )
      .max(HOURS_PER_WEEK)
      .min(1, campaignMessages.hoursEmpty)
      .transform((hours) => distinct(hours).sort((a, b) => a - b))
      .nullable()
      .default(null),
    /** Minor units of the advertiser's currency. */
    totalBudget: campaignAmount.nullable().default(null),
    dailyBudget: campaignAmount.nullable().default(null),
    /** What the campaign buys: impressions at the maximum CPM unless it names a target. */
    goal: campaignGoal.default({ kind: 'maxCpm' }),
    /**
     * The most the advertiser pays per 1,000 impressions, gross, in minor units: a max-CPM goal's
     * price (required), an outcome goal's ceiling (null: none).
     */
    maxCpm: campaignAmount.nullable().default(null),
    pacing: z.enum(campaignPacings).default('even'),
    frequencyCap: frequencyCapBody.nullable().default(null),
    clickWindowDays: windowDays(attributionWindowLimits.clickWindowDays, campaignMessages.clickWindowRange),
    viewWindowDays: windowDays(attributionWindowLimits.viewWindowDays, campaignMessages.viewWindowRange),
    /** The lift test's hold-out, basis points of its users (0: no test). */
    holdoutBps: z
      .number({ message: campaignMessages.holdoutRange })
      .int(campaignMessages.holdoutRange)
      .min(0, campaignMessages.holdoutRange)
      .max(HOLDOUT_MAX_BPS, campaignMessages.holdoutRange)
      .default(0),
    /** ISO alpha-2 codes of the platform's countries; empty = everywhere. */
    countries: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, messages.unknownCountry),
      )
      .max(300)
      .transform(distinct)
      .default([]),
    deviceTypes: z.array(z.enum(deviceTypes)).transform(distinct).default([]),
    operatingSystems: z.array(z.enum(operatingSystems)).transform(distinct).default([]),
    /** Site domains or app bundles, one per line as pasted: normalised and deduplicated. */
    includeDomains: domainListField.default([]),
    excludeDomains: domainListField.default([]),
    excludedCategories: z.array(z.enum(iabCategories)).transform(distinct).default([]),
    bannerIds: z.array(z.number().int().positive()).max(CAMPAIGN_MAX_BANNERS).transform(distinct).default([]),
    /** Audiences of the advertiser: it bids only on users in one of the included (none = anyone) and in none of the excluded. */
    audienceIncludeIds: audienceIds,
    audienceExcludeIds: audienceIds,
  })
  .superRefine((body, ctx) => {
    if (body.totalBudget === null && body.dailyBudget === null)
      ctx.addIssue({ code: 'custom', path: ['totalBudget'], message: campaignMessages.budgetRequired });
    if (body.totalBudget !== null && body.dailyBudget !== null && body.dailyBudget > body.totalBudget)
      ctx.addIssue({ code: 'custom', path: ['dailyBudget'], message: campaignMessages.dailyAboveTotal });
    if (body.endDate !== null && body.endDate < body.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: campaignMessages.endBeforeStart });
    if (body.goal.kind === 'maxCpm' && body.maxCpm === null)
      ctx.addIssue({ code: 'custom', path: ['maxCpm'], message: campaignMessages.amountPositive });
  });
export type CampaignBody = z.infer<typeof campaignBody>;
export type CampaignBodyInput = z.input<typeof campaignBody>;

export const campaignStatusBody = z.object({ status: z.enum(campaignStatuses) });
export type CampaignStatusBody = z.infer<typeof campaignStatusBody>;

/** Pause, resume or archive many at once; each campaign that cannot move is named. */
export const campaignBulkStatusBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(CAMPAIGN_BULK_MAX).transform(distinct),
  status: z.enum(['active', 'paused', 'archived']),
});
export type CampaignBulkStatusBody = z.infer<typeof campaignBulkStatusBody>;

/** The admin may pause a campaign, and resume one. */
export const adminCampaignStatusBody = z.object({ status: z.enum(['active', 'paused']) });

/** The counters the bidder fills (zero until it runs); spend in micro-units. */
export const campaignStatsDto = z.object({
  spendTodayMicros: z.number().int(),
  spendTotalMicros: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Clicks per impression (0-1); null without impressions. */
  ctr: z.number().nullable(),
});
export type CampaignStatsDto = z.infer<typeof campaignStatsDto>;

/**
 * Today's spend against the straight line from nothing at midnight to the daily budget by this
 * hour (`pacingState` of packages/rtb): ahead, on track or behind.
 */
export const pacingStates = ['ahead', 'on_track', 'behind'] as const;
export type PacingState = (typeof pacingStates)[number];

const campaignCommon = {
  id: z.number().int(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  advertiserId: z.number().int(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  startDate: z.string(),
  endDate: z.string().nullable(),
  totalBudget: z.number().int().nullable(),
  dailyBudget: z.number().int().nullable(),
  /** With a total budget, an end date and no daily budget: the total spread evenly over the days left. */
  derivedDailyBudget: z.number().int().nullable(),
  goal: campaignGoal,
  /** A max-CPM goal's price; an outcome goal's ceiling, null without one. */
  maxCpm: z.number().int().nullable(),
  pacing: z.enum(campaignPacings),
  /** ISO code of the advertiser's currency, and its time zone (days and hours count in it). */
  currency: z.string(),
  timeZone: z.string(),
  servingStatus: servingStatusDto,
  stats: campaignStatsDto,
  /** Today's pacing of an active campaign with a daily budget (its own or the derived one); null otherwise or in the day's first hour. */
  pacingToday: z.enum(pacingStates).nullable(),
  updatedBy: changedByDto,
};

export const campaignListItemDto = z.object({
  ...campaignCommon,
  bannerCount: z.number().int(),
  approvedBannerCount: z.number().int(),
});
export type CampaignListItemDto = z.infer<typeof campaignListItemDto>;

export const campaignBannerDto = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(bannerTypes),
  status: z.enum(bannerStatuses),
  width: z.number().int(),
  height: z.number().int(),
  previewUrl: z.string(),
});

export const campaignDto = z.object({
  ...campaignCommon,
  hoursOfWeek: z.array(z.number().int()).nullable(),
  frequencyCap: frequencyCapBody.nullable(),
  clickWindowDays: z.number().int(),
  viewWindowDays: z.number().int(),
  holdoutBps: z.number().int(),
  countries: z.array(z.string()),
  deviceTypes: z.array(z.enum(deviceTypes)),
  operatingSystems: z.array(z.enum(operatingSystems)),
  includeDomains: z.array(z.string()),
  excludeDomains: z.array(z.string()),
  excludedCategories: z.array(z.enum(iabCategories)),
  audienceIncludeIds: z.array(z.number().int()),
  audienceExcludeIds: z.array(z.number().int()),
  banners: z.array(campaignBannerDto),
});
export type CampaignDto = z.infer<typeof campaignDto>;

/** `spend` and `impressions` sort by the campaign's counters over every day. */
export const campaignSortFields = [
  'name',
  'createdAt',
  'updatedAt',
  'startDate',
  'endDate',
  'status',
  'maxCpm',
  'spend',
  'impressions',
] as const;
export const campaignsQuery = listQuery(campaignSortFields, 'createdAt').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(campaignStatuses).optional(),
  serving: z.enum(['serving', 'not_serving']).optional(),
});
export type CampaignsQuery = z.infer<typeof campaignsQuery>;

export const adminCampaignsQuery = campaignsQuery.extend({
  advertiserId: z.coerce.number().int().positive().optional(),
});
export type AdminCampaignsQuery = z.infer<typeof adminCampaignsQuery>;

/** What the campaign form needs to know (config values and the advertiser's settings). */
export const campaignSettingsDto = z.object({
  currency: z.string(),
  timeZone: z.string(),
  minCpm: z.number().int(),
  minDailyBudget: z.number().int(),
  platformMarginPercent: z.number(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CampaignSettingsDto = z.infer<typeof campaignSettingsDto>;

export const campaignBulkResultDto = z.object({
  updated: z.array(z.number().int()),
  /**
   * Campaigns left as they were, with why: `error` is the code of the error table (the web shows
   * its text by it, with `params`), `message` the spec's English text.
   */
  skipped: z.array(
    z.object({
      id: z.number().int(),
      message: z.string(),
      error: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});

export const campaignsResponse = envelope({ campaigns: listOf(campaignListItemDto) });
export const campaignResponse = envelope({ campaign: campaignDto });
export const campaignSettingsResponse = envelope({ campaignSettings: campaignSettingsDto });
export const campaignBulkResponse = envelope({ campaignBulk: campaignBulkResultDto });

/**
 * The even daily amount of a total budget over the days from `fromDay` (the later of the start
 * and today) to `endDate`, both included; null when that does not apply.
 */
export function derivedDailyBudget(campaign: {
  totalBudget: number | null;
  dailyBudget: number | null;
  startDate: string;
  endDate: string | null;
  today: string;
  spentMinor?: number;
}): number | null {
  if (campaign.totalBudget === null || campaign.dailyBudget !== null || campaign.endDate === null)
    return null;
  const from = campaign.startDate > campaign.today ? campaign.startDate : campaign.today;
  if (from > campaign.endDate) return null;
  const days =
    Math.round((Date.parse(`${campaign.endDate}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) +
    1;
  const left = Math.max(0, campaign.totalBudget - (campaign.spentMinor ?? 0));
  return Math.floor(left / days);
}

/** Whether an IANA time zone name is one this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name) && name !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = z.string().trim().max(64).refine(isTimeZone, campaignMessages.timeZoneUnknown);

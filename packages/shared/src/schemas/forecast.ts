import { z } from 'zod';
import { campaignAmount, campaignBody } from './campaigns';
import { envelope } from './common';

/** What a forecast may warn of (decision 0019); the web says each in words. */
export const campaignForecastWarnings = [
  'no_matching_traffic',
  'bid_under_floors',
  'audience_too_small',
] as const;
export type CampaignForecastWarning = (typeof campaignForecastWarnings)[number];

const field = campaignBody.shape;

/**
 * The part of the campaign form a forecast reads (`POST /api/advertiser/campaigns/forecast`),
 * validated as the form's own fields; the rest of the form may come along and is ignored. Money in
 * minor units of the advertiser's currency.
 */
export const campaignForecastBody = z.object({
  hoursOfWeek: field.hoursOfWeek,
  dailyBudget: field.dailyBudget,
  /** The bid it forecasts at: the maximum CPM, or an outcome goal's ceiling. */
  maxCpm: campaignAmount,
  frequencyCap: field.frequencyCap,
  countries: field.countries,
  deviceTypes: field.deviceTypes,
  operatingSystems: field.operatingSystems,
  includeDomains: field.includeDomains,
  excludeDomains: field.excludeDomains,
  excludedCategories: field.excludedCategories,
  bannerIds: field.bannerIds,
  audienceIncludeIds: field.audienceIncludeIds,
  audienceExcludeIds: field.audienceExcludeIds,
});
export type CampaignForecastBody = z.infer<typeof campaignForecastBody>;
export type CampaignForecastBodyInput = z.input<typeof campaignForecastBody>;

export const campaignForecastDto = z.object({
  /**
   * Estimates per day: targeted requests, impressions, distinct users, spend in micro-units and in
   * minor units of the advertiser's currency.
   */
  perDay: z.object({
    requests: z.number().int(),
    impressions: z.number().int(),
    reach: z.number().int(),
    spendMicros: z.number().int(),
    spend: z.number().int(),
  }),
  warnings: z.array(z.enum(campaignForecastWarnings)),
  /** The sample behind it: sampled requests kept and the days they cover (0 rows: no traffic yet). */
  sample: z.object({ rows: z.number().int(), days: z.number().int() }),
});
export type CampaignForecastDto = z.infer<typeof campaignForecastDto>;
export const campaignForecastResponse = envelope({ forecast: campaignForecastDto });

import { z } from 'zod';
import { campaignMessages } from './campaigns-messages';
import { dateRange, endNotBeforeStart, envelope } from './common';

/** The longest period a lift report reads (the campaign's raw events and its advertiser's conversions). */
export const LIFT_MAX_DAYS = 92;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (`YYYY-MM-DD`). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** Whether a lift report's period (both ends included) is longer than it reads. */
export const liftPeriodTooLong = (from: string, to: string): boolean => daysBetween(from, to) > LIFT_MAX_DAYS;

/**
 * `GET /api/advertiser/campaigns/:id/lift`: days of the advertiser's clock, both included; by
 * default from the campaign's first day (at most `LIFT_MAX_DAYS` back) to today.
 */
export const campaignLiftQuery = z.object(dateRange).superRefine((query, ctx) => {
  endNotBeforeStart(query, ctx);
  if (query.from && query.to && query.from <= query.to && liftPeriodTooLong(query.from, query.to))
    ctx.addIssue({ code: 'custom', path: ['from'], message: campaignMessages.liftRangeTooLong });
});
export type CampaignLiftQuery = z.infer<typeof campaignLiftQuery>;

/** One group of a lift test: the users who entered it in the period and what they bought after. */
export const liftGroupDto = z.object({
  users: z.number().int(),
  /** Users who bought at least once. */
  converters: z.number().int(),
  /** Converters per user (0-1); null without users. */
  conversionRate: z.number().nullable(),
  /** Their orders, each counted once. */
  conversions: z.number().int(),
  /** Those orders' value, minor units of the advertiser's currency. */
  revenue: z.number().int(),
});
export type LiftGroupDto = z.infer<typeof liftGroupDto>;

/** What the campaign caused, from packages/rtb's `liftEstimate` (rates are converters per user). */
export const liftEstimateDto = z.object({
  /** The exposed group's conversion rate less the held-out group's, and its 95 % confidence interval. */
  rateDifference: z.number(),
  rateDifferenceInterval: z.tuple([z.number(), z.number()]),
  /** The difference over the held-out rate; null when no held-out user bought. */
  relativeLift: z.number().nullable(),
  /** Among the exposed users: the converters the campaign added, and their revenue (minor units). */
  incrementalConversions: z.number(),
  incrementalRevenue: z.number().int(),
  /** The interval leaves out 0: the campaign changed how many users buy. */
  significant: z.boolean(),
});
export type LiftEstimateDto = z.infer<typeof liftEstimateDto>;

export const campaignLiftDto = z.object({
  /** The share held out now, basis points; 0: the campaign runs no test, and has no groups. */
  holdoutBps: z.number().int(),
  /** ISO code of the advertiser's currency. */
  currency: z.string(),
  /** The days read, of the advertiser's clock, both included. */
  from: z.string(),
  to: z.string(),
  /** A user's purchases count for this many days after their first exposure (or ghost) of the period. */
  windowDays: z.number().int(),
  /** Null without a hold-out. */
  groups: z.object({ exposed: liftGroupDto, heldOut: liftGroupDto }).nullable(),
  /** Null while a group has no users. */
  estimate: liftEstimateDto.nullable(),
});
export type CampaignLiftDto = z.infer<typeof campaignLiftDto>;
export const campaignLiftResponse = envelope({ campaignLift: campaignLiftDto });

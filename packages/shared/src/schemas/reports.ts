import { z } from 'zod';
import { campaignStatuses } from './campaigns';
import { dateMessages, envelope, utcDay } from './common';

/** The longest period a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;
/** The default period: this many days up to and including today. */
export const REPORT_DEFAULT_DAYS = 7;

/** Texts of the report's rules (the web app translates them by these words). */
export const reportMessages = {
  rangeTooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The calendar day `days` after (or before) `day`, both `YYYY-MM-DD`. */
export const shiftDay = (day: string, days: number) =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included, oldest first. */
export function daysOfRange(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/**
 * What is wrong with a report's period (both `YYYY-MM-DD`), on which field, or null when
 * nothing is: the query checks what the user sent, the API again once it has filled in defaults.
 */
export function reportRangeIssue(from: string, to: string): { path: 'from' | 'to'; message: string } | null {
  if (from > to) return { path: 'to', message: dateMessages.endBeforeStart };
  if (dayNumber(to) - dayNumber(from) + 1 > REPORT_MAX_DAYS)
    return { path: 'from', message: reportMessages.rangeTooLong };
  return null;
}

/**
 * `GET /api/advertiser/reports`: days of the advertiser's time zone, both included (the last
 * 7 days up to today when absent); one of its campaigns, or all.
 */
export const reportQuery = z
  .object({
    from: utcDay.optional(),
    to: utcDay.optional(),
    campaignId: z.coerce.number().int().positive().optional(),
  })
  .superRefine((query, ctx) => {
    const issue = query.from && query.to ? reportRangeIssue(query.from, query.to) : null;
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/**
 * Valid delivery (invalid traffic left out) and what follows from it. Money in micro-units of
 * the advertiser's currency, except conversion value (minor units, as the shop reports it).
 */
export const reportMetrics = z.object({
  /** Bids we made, and the auctions they won. */
  bids: z.number().int(),
  wins: z.number().int(),
  /** Wins per bid (0-1); null without bids. */
  winRate: z.number().nullable(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Clicks per impression (0-1); null without impressions. */
  ctr: z.number().nullable(),
  spendMicros: z.number().int(),
  /** Spend per 1000 impressions; null without impressions. */
  cpmMicros: z.number().int().nullable(),
  /** Spend per click; null without clicks. */
  cpcMicros: z.number().int().nullable(),
  /** Conversions after a click and after an impression (post-click and post-view), and both. */
  clickConversions: z.number().int(),
  viewConversions: z.number().int(),
  conversions: z.number().int(),
  /** Post-click conversions per click (0-1); null without clicks. */
  conversionRate: z.number().nullable(),
  conversionValueMinor: z.number().int(),
  /** Spend per conversion; null without conversions. */
  cpaMicros: z.number().int().nullable(),
  /** Conversion value per unit of spend; null without spend. */
  roas: z.number().nullable(),
});
export type ReportMetrics = z.infer<typeof reportMetrics>;

export const reportDayDto = reportMetrics.extend({ day: z.string() });
export type ReportDayDto = z.infer<typeof reportDayDto>;

export const reportCampaignDto = reportMetrics.extend({
  campaignId: z.number().int(),
  name: z.string(),
  status: z.enum(campaignStatuses),
});
export type ReportCampaignDto = z.infer<typeof reportCampaignDto>;

export const reportDto = z.object({
  /** The advertiser's currency code. */
  currency: z.string(),
  /** The IANA time zone whose days the report counts. */
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  totals: reportMetrics,
  /** Every day of the period, oldest first; days without delivery are zeros. */
  days: z.array(reportDayDto),
  /** The campaigns with delivery in the period, the largest spend first. */
  campaigns: z.array(reportCampaignDto),
});
export type ReportDto = z.infer<typeof reportDto>;
export const reportResponse = envelope({ report: reportDto });

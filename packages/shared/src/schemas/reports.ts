import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants';
import { campaignStatuses } from './campaigns';
import { envelope, listOf, pageQuery, sortOrder, utcDay } from './common';
import { dateMessages } from './common-messages';
import { REPORT_HOUR_MAX_DAYS, REPORT_MAX_DAYS, reportMessages } from './reports-messages';

/** The default period: this many days up to and including today. */
export const REPORT_DEFAULT_DAYS = 7;

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
 * What is wrong with a report's period: on which field, its code of the error table (written out
 * here, as this file is below the table; error-codes.test.ts checks it is the text's) and the
 * spec's text.
 */
export interface ReportRangeIssue {
  path: 'from' | 'to';
  code: 'dates.end_before_start' | 'reports.range_too_long' | 'reports.hour_range_too_long';
  message: string;
}

/**
 * What is wrong with a report's period (both `YYYY-MM-DD`), or null when nothing is: the query
 * checks what the user sent, the API again once it has filled in defaults.
 */
export function reportRangeIssue(
  from: string,
  to: string,
  time: ReportTimeGrouping = 'none',
): ReportRangeIssue | null {
  if (from > to) return { path: 'to', code: 'dates.end_before_start', message: dateMessages.endBeforeStart };
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days > REPORT_MAX_DAYS)
    return { path: 'from', code: 'reports.range_too_long', message: reportMessages.rangeTooLong };
  if (time === 'hour' && days > REPORT_HOUR_MAX_DAYS)
    return { path: 'from', code: 'reports.hour_range_too_long', message: reportMessages.hourRangeTooLong };
  return null;
}

/** How a report's rows and chart split time: not at all, or by the hours, days, ISO weeks (from Monday) or months of the advertiser's clock. */
export const reportTimeGroupings = ['none', 'hour', 'day', 'week', 'month'] as const;
export type ReportTimeGrouping = (typeof reportTimeGroupings)[number];
/**
 * What else a report's rows split by (besides time). `product`: the products dynamic banners
 * showed (`reportRowDto` says what its rows count).
 */
export const reportDimensions = [
  'none',
  'campaign',
  'creative',
  'country',
  'deviceType',
  'domain',
  'product',
] as const;
export type ReportDimension = (typeof reportDimensions)[number];
/** The most rows a report's page holds. */
export const REPORT_MAX_PAGE_SIZE = 500;
/**
 * The dimensions whose groups add up to the totals, so that the chart can draw a line of each
 * (by product they do not: an impression of three products counts once for each).
 */
export const reportSeriesDimensions = ['campaign', 'creative', 'country', 'deviceType', 'domain'] as const;
export type ReportSeriesDimension = (typeof reportSeriesDimensions)[number];
export const isSeriesDimension = (by: string): by is ReportSeriesDimension =>
  (reportSeriesDimensions as readonly string[]).includes(by);
/** The most groups the chart draws a line of; the rest share one, 'Other'. */
export const REPORT_SERIES_GROUPS = 6;

/** Every figure of a report, in the order the panels show and export them. */
export const reportMetricKeys = [
  'bids',
  'wins',
  'winRate',
  'impressions',
  'clicks',
  'ctr',
  'spendMicros',
  'cpmMicros',
  'cpcMicros',
  'clickConversions',
  'viewConversions',
  'conversions',
  'postbackConversions',
  'tagConversions',
  'pixelConversions',
  'conversionRate',
  'conversionValueMinor',
  'cpaMicros',
  'roas',
  'predictedClicks',
  'predictedConversions',
  'shadingSavingMicros',
  'shadingSavingRate',
] as const;
export type ReportMetricKey = (typeof reportMetricKeys)[number];
/** What a report's table sorts by: the time bucket, the dimension's value (its name where it has one), or a figure. */
export const reportSortFields = ['period', 'name', ...reportMetricKeys] as const;
export type ReportSortField = (typeof reportSortFields)[number];

/** The period a report compares with: none, or as many days just before it. */
export const reportComparisons = ['none', 'previous'] as const;

/** The period every report's query has: days, both included. */
export const periodFilters = {
  from: utcDay.optional(),
  to: utcDay.optional(),
};

const reportFilters = {
  ...periodFilters,
  campaignId: z.coerce.number().int().positive().optional(),
  time: z.enum(reportTimeGroupings).default('day'),
  by: z.enum(reportDimensions).default('none'),
  compare: z.enum(reportComparisons).default('none'),
  /** Absent: time order when split by time, else the largest spend first. */
  sort: z.enum(reportSortFields).optional(),
  order: sortOrder.optional(),
};

/** The refinement every report query shares: the period's rules, checked again by the API once defaults are filled in. */
function checkReportPeriod(
  query: { from?: string | undefined; to?: string | undefined; time: ReportTimeGrouping },
  ctx: z.RefinementCtx,
) {
  const issue = query.from && query.to ? reportRangeIssue(query.from, query.to, query.time) : null;
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/** Every report's filters have a period and a time split (what `checkReportPeriod` reads). */
type ReportFilterShape = z.ZodRawShape & typeof periodFilters;
type PeriodQuery = Parameters<typeof checkReportPeriod>[0];

/** A report's query: its filters, a page of at most REPORT_MAX_PAGE_SIZE rows, the period's rules. */
export const reportPageQuery = <const S extends ReportFilterShape>(filters: S) =>
  z
    .object({
      ...filters,
      page: pageQuery.shape.page,
      perPage: z.coerce.number().int().min(1).max(REPORT_MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    })
    .superRefine((query, ctx) => checkReportPeriod(query as PeriodQuery, ctx));

/** How an export writes numbers and dates: the user's locale (as on screen) or plain ISO. */
export const exportStyles = ['locale', 'iso'] as const;
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * A report's export query: its filters, the file's format, style and language, and the figures
 * shown, comma-separated in their order (at least one of `metrics`).
 */
export const reportFileQuery = <
  const S extends ReportFilterShape,
  const M extends readonly [string, ...string[]],
>(
  filters: S,
  metrics: M,
) =>
  z
    .object({
      ...filters,
      format: z.enum(exportFormats),
      style: z.enum(exportStyles).default('locale'),
      locale: z.enum(['en', 'pl']).default('en'),
      columns: z
        .string()
        .transform((list) => list.split(',').filter(Boolean))
        .pipe(z.array(z.enum(metrics)).min(1)),
    })
    .superRefine((query, ctx) => checkReportPeriod(query as PeriodQuery, ctx));

/**
 * `GET /api/advertiser/reports`: days of the advertiser's time zone, both included (the last
 * 7 days up to today when absent); one of its campaigns, or all; rows split by time and one
 * dimension, sorted and paged; optionally the previous period's totals and chart beside, and
 * (`series`, a figure) the chart's line of each of the top groups by that figure.
 */
export const reportQuery = reportPageQuery({
  ...reportFilters,
  /** The figure of the chart's lines per group (split by one of `reportSeriesDimensions`); absent: none. */
  series: z.enum(reportMetricKeys).optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/**
 * `GET /api/advertiser/reports/export`: the report's every row (in the table's order) and its
 * totals row, with the columns the user shows, as CSV or XLSX.
 */
export const reportExportQuery = reportFileQuery(reportFilters, reportMetricKeys);
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

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
  /**
   * The conversions by where they came from (they add up to `conversions`): the shop server's
   * signed postbacks (trusted), the tag's transactions and the conversion pixel (the browser's,
   * counted within their bounds or once confirmed).
   */
  postbackConversions: z.number().int(),
  tagConversions: z.number().int(),
  pixelConversions: z.number().int(),
  /** Post-click conversions per click (0-1); null without clicks. */
  conversionRate: z.number().nullable(),
  conversionValueMinor: z.number().int(),
  /** Spend per conversion; null without conversions. */
  cpaMicros: z.number().int().nullable(),
  /** Conversion value per unit of spend; null without spend. */
  roas: z.number().nullable(),
  /**
   * What the models predicted of the impressions: clicks (the sum of their click probabilities),
   * to read beside `clicks`, and conversions after a click (of click x conversion probability),
   * beside `clickConversions`. Decimals; null when no model scored any of them (before the first
   * model is published: the impressions of that time count nothing here).
   */
  predictedClicks: z.number().nullable(),
  predictedConversions: z.number().nullable(),
  /**
   * What bid shading saved in first-price auctions: the full (unshaded) bids of the shaded
   * impressions less what they cleared at (media, before margin and commission), and that as a
   * share of the full bids (0-1; null when no impression was shaded).
   */
  shadingSavingMicros: z.number().int(),
  shadingSavingRate: z.number().nullable(),
});
export type ReportMetrics = z.infer<typeof reportMetrics>;

/** A point of the chart: a time bucket's figures (its start on the advertiser's clock). */
export const reportPointDto = reportMetrics.extend({
  /** `YYYY-MM-DD HH:00` (hour), `YYYY-MM-DD` (day; a week's Monday), `YYYY-MM` (month). */
  period: z.string(),
});
export type ReportPointDto = z.infer<typeof reportPointDto>;

/**
 * A row of the table: a time bucket, a dimension's value, or both.
 *
 * By product, a row is a product dynamic banners showed: `impressions` the times it was shown (an
 * impression of three products counts once for each, so the rows add up to more than the
 * totals, which stay the period's), `clicks` the clicks on it, `clickConversions`, `conversions`
 * and the value those after a click on it. What is not split by product is null (the panel's
 * dash): bids, wins and win rate, spend and every figure of it (CPM, CPC, CPA, ROAS: spend is per
 * impression, however many products it showed), post-view conversions and the conversions' sources,
 * the models' predictions and the shading's saving.
 */
export const reportRowDto = reportMetrics.extend({
  bids: z.number().int().nullable(),
  wins: z.number().int().nullable(),
  spendMicros: z.number().int().nullable(),
  viewConversions: z.number().int().nullable(),
  postbackConversions: z.number().int().nullable(),
  tagConversions: z.number().int().nullable(),
  pixelConversions: z.number().int().nullable(),
  shadingSavingMicros: z.number().int().nullable(),
  /** The time bucket as in `reportPointDto.period`; null when not split by time. */
  period: z.string().nullable(),
  /**
   * The dimension's value: campaign or creative id, country code, device type, domain, product
   * key (`products.id`); null when not split.
   */
  key: z.string().nullable(),
  /** The campaign's or creative's name, the product's title; null for the others. */
  name: z.string().nullable(),
  /** A campaign row's status. */
  campaignStatus: z.enum(campaignStatuses).nullable(),
});
export type ReportRowDto = z.infer<typeof reportRowDto>;

const reportPeriod = z.object({ from: z.string(), to: z.string() });

/** A line of the chart: a figure at each of its buckets (null where it has nothing to divide by). */
const seriesValues = z.array(z.number().nullable());

/**
 * The chart's lines per group: the REPORT_SERIES_GROUPS groups with the most of `metric` over the
 * period (nulls last), most first, and the rest of the groups together. Each line has a value at
 * each bucket of `chart`; the figures add up as the groups' sums do (counts and money: the groups
 * and `other` add up to `chart` at every bucket).
 */
export const reportSeriesDto = z.object({
  metric: z.enum(reportMetricKeys),
  groups: z.array(
    z.object({
      /** The group's key and name as a row's (`reportRowDto`). */
      key: z.string().nullable(),
      name: z.string().nullable(),
      values: seriesValues,
    }),
  ),
  /** The other groups together; null when there are no more groups than `groups`. */
  other: seriesValues.nullable(),
});
export type ReportSeriesDto = z.infer<typeof reportSeriesDto>;

export const reportDto = z.object({
  /** The advertiser's currency code. */
  currency: z.string(),
  /** The IANA time zone whose days the report counts. */
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  time: z.enum(reportTimeGroupings),
  by: z.enum(reportDimensions),
  totals: reportMetrics,
  /** Every bucket of the period at the report's time grouping (days when none), oldest first; zeros where nothing happened. */
  chart: z.array(reportPointDto),
  /** The period compared with, its totals and its chart (same buckets, as many); null without a comparison. */
  previous: reportPeriod.extend({ totals: reportMetrics, chart: z.array(reportPointDto) }).nullable(),
  /** The chart's lines per group, when asked (`series`) and split by one of `reportSeriesDimensions`; else null. */
  series: reportSeriesDto.nullable(),
  /** The table's page of rows (sorted as asked); the totals row is `totals`. */
  rows: listOf(reportRowDto),
  /** Whether anything was bid, won, shown, clicked or converted in the period. */
  delivered: z.boolean(),
});
export type ReportDto = z.infer<typeof reportDto>;
export const reportResponse = envelope({ report: reportDto });

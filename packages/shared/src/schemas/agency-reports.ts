import { z } from 'zod';
import { campaignStatuses } from './campaigns';
import { envelope, listOf, sortOrder } from './common';
import {
  periodFilters,
  reportComparisons,
  reportFileQuery,
  reportMetricKeys,
  reportMetrics,
  reportPageQuery,
  reportPointDto,
  reportTimeGroupings,
} from './reports';

/** What the agency's rows split by: its advertisers, or their campaigns. */
export const agencyReportDimensions = ['advertiser', 'campaign'] as const;
/** The agency's figures: the advertisers' report figures and the commission it earned. */
export const agencyReportMetricKeys = [...reportMetricKeys, 'commissionMicros'] as const;
export type AgencyReportMetricKey = (typeof agencyReportMetricKeys)[number];
export const agencyReportSortFields = ['period', 'name', ...agencyReportMetricKeys] as const;

const agencyReportFilters = {
  ...periodFilters,
  advertiserId: z.coerce.number().int().positive().optional(),
  campaignId: z.coerce.number().int().positive().optional(),
  time: z.enum(reportTimeGroupings).default('none'),
  by: z.enum(agencyReportDimensions).default('advertiser'),
  /** Absent: time order when split by time, else the largest spend first. */
  sort: z.enum(agencyReportSortFields).optional(),
  order: sortOrder.optional(),
};

/**
 * `GET /api/agency/advertiser-campaign-stats`: the agency's advertisers (or one) and their
 * campaigns (or one) over days `from`..`to` (both included; each advertiser's own days, the
 * last 7 up to today when absent), optionally split by time, sorted and paged; optionally
 * (`compare=previous`) beside the as-many days just before.
 */
export const agencyReportQuery = reportPageQuery({
  ...agencyReportFilters,
  compare: z.enum(reportComparisons).default('none'),
});
export type AgencyReportQuery = z.infer<typeof agencyReportQuery>;

/** `GET /api/agency/advertiser-campaign-stats/export`: every row and the totals, as CSV or XLSX. */
export const agencyReportExportQuery = reportFileQuery(agencyReportFilters, agencyReportMetricKeys);
export type AgencyReportExportQuery = z.infer<typeof agencyReportExportQuery>;

/** An advertiser's figures in its own currency, with the agency's commission on its spend (micro-units). */
export const agencyReportMetrics = reportMetrics.extend({ commissionMicros: z.number().int() });
export type AgencyReportMetrics = z.infer<typeof agencyReportMetrics>;

export const agencyReportRowDto = agencyReportMetrics.extend({
  /** The time bucket (as in the advertiser's report); null when not split by time. */
  period: z.string().nullable(),
  advertiserId: z.number().int(),
  advertiserName: z.string(),
  /** The advertiser's currency: the row's money is in it. */
  currency: z.string(),
  /** Campaign rows only. */
  campaignId: z.number().int().nullable(),
  campaignName: z.string().nullable(),
  campaignStatus: z.enum(campaignStatuses).nullable(),
});
export type AgencyReportRowDto = z.infer<typeof agencyReportRowDto>;

export const agencyReportDto = z.object({
  from: z.string(),
  to: z.string(),
  time: z.enum(reportTimeGroupings),
  by: z.enum(agencyReportDimensions),
  /** One totals row per currency of the advertisers in the report (money is never summed across currencies). */
  totals: z.array(agencyReportMetrics.extend({ currency: z.string() })),
  /**
   * The chart of each currency of `totals` (money is never added across currencies): every
   * bucket of the period at the report's time grouping (days when none; each advertiser's own
   * clock), oldest first, zeros where nothing happened; with a comparison, the previous period's
   * as many buckets, else null.
   */
  charts: z.array(
    z.object({
      currency: z.string(),
      chart: z.array(reportPointDto),
      previous: z.array(reportPointDto).nullable(),
    }),
  ),
  /** The period compared with and its totals per currency; null without a comparison. */
  previous: z
    .object({
      from: z.string(),
      to: z.string(),
      totals: z.array(agencyReportMetrics.extend({ currency: z.string() })),
    })
    .nullable(),
  rows: listOf(agencyReportRowDto),
  /** Whether anything was bid, won, shown, clicked or converted in the period. */
  delivered: z.boolean(),
});
export type AgencyReportDto = z.infer<typeof agencyReportDto>;
export const agencyReportResponse = envelope({ advertiserCampaignStats: agencyReportDto });

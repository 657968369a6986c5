import { z } from 'zod';
import { apiDateTime, envelope, listOf, pageQuery, utcDay } from './common';
import { reportRangeIssue } from './reports';

/**
 * The admin's generated reports (`/api/admin/reports`): platform-wide figures from the hourly
 * rollups over UTC days, made in the background into a CSV or XLSX file.
 * - `revenue`: spend, media cost, platform margin and agency commission by day, agency and advertiser;
 * - `spend-by-currency`: the same money by day and currency;
 * - `top-domains`: the domains with the most impressions, per currency;
 * - `invalid-traffic`: invalid impressions and clicks by advertiser and domain;
 * - `conversions`: post-click and post-view conversions, their value, CPA and ROAS by day and advertiser.
 * Money is always in the advertiser's currency, next to a currency column; never summed across currencies.
 */
export const generatedReportTypes = [
  'revenue',
  'spend-by-currency',
  'top-domains',
  'invalid-traffic',
  'conversions',
] as const;
export type GeneratedReportType = (typeof generatedReportTypes)[number];

export const generatedReportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type GeneratedReportStatus = (typeof generatedReportStatuses)[number];

export const generatedReportFormats = ['csv', 'xlsx'] as const;
export type GeneratedReportFormat = (typeof generatedReportFormats)[number];

/** CSV numbers and dates: the locale's (for spreadsheets) or plain ISO (for programs). */
export const generatedReportStyles = ['locale', 'iso'] as const;
/** The languages a report's headers and locale-style numbers come in. */
export const generatedReportLocales = ['en', 'pl'] as const;
export type GeneratedReportLocale = (typeof generatedReportLocales)[number];

/** Why a report failed: its worker stopped too often (`interrupted`), or something went wrong (`internal`). */
export const generatedReportErrors = ['interrupted', 'internal'] as const;
export type GeneratedReportError = (typeof generatedReportErrors)[number];

/** The most domains a top-domains report lists per currency. */
export const TOP_DOMAINS_LIMIT = 1000;

/** What a report is made of; kept with it as it was asked for. */
export const generatedReportParameters = z.object({
  from: utcDay,
  to: utcDay,
  format: z.enum(generatedReportFormats),
  style: z.enum(generatedReportStyles).default('locale'),
  /** The headers' language and the locale style's numbers; the admin's own language unless given. */
  locale: z.enum(generatedReportLocales).optional(),
});

/** `POST /api/admin/reports`. The period is at most `REPORT_MAX_DAYS` long. */
export const createGeneratedReportBody = generatedReportParameters
  .extend({ type: z.enum(generatedReportTypes) })
  .superRefine((body, ctx) => {
    const issue = reportRangeIssue(body.from, body.to);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CreateGeneratedReportBody = z.input<typeof createGeneratedReportBody>;

/** `GET /api/admin/reports`: newest first, optionally one type or status. */
export const generatedReportsQuery = pageQuery.extend({
  type: z.enum(generatedReportTypes).optional(),
  status: z.enum(generatedReportStatuses).optional(),
});
export type GeneratedReportsQuery = z.infer<typeof generatedReportsQuery>;

export const generatedReportDto = z.object({
  id: z.number().int(),
  type: z.enum(generatedReportTypes),
  parameters: z.object({
    from: z.string(),
    to: z.string(),
    format: z.enum(generatedReportFormats),
    style: z.enum(generatedReportStyles),
    locale: z.enum(generatedReportLocales),
  }),
  status: z.enum(generatedReportStatuses),
  /** 0-100, moving while it runs. */
  progress: z.number().int(),
  /** Data rows written (without the header and totals); null until done. */
  rows: z.number().int().nullable(),
  /** The file's size in bytes; null until done. */
  fileSize: z.number().int().nullable(),
  /** The name the file downloads under. */
  fileName: z.string(),
  error: z.enum(generatedReportErrors).nullable(),
  /** Who asked for it (null once that admin is gone). */
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: apiDateTime,
  startedAt: apiDateTime.nullable(),
  finishedAt: apiDateTime.nullable(),
  /** When it is deleted with its file. */
  expiresAt: apiDateTime.nullable(),
});
export type GeneratedReportDto = z.infer<typeof generatedReportDto>;

export const generatedReportResponse = envelope({ report: generatedReportDto });
export const generatedReportsResponse = envelope({ reports: listOf(generatedReportDto) });

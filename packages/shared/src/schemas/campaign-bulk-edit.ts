import { z } from 'zod';
import { errorIssue } from '../errors/error-body';
import { campaignAmount, campaignBody } from './campaigns';
import { campaignMessages } from './campaigns-messages';
import { envelope, utcDay } from './common';

/** The most campaigns one bulk edit takes (after removing repeated ids). */
export const CAMPAIGN_BULK_EDIT_MAX = 500;

/** The settings a bulk edit changes, one at a time. */
export const campaignBulkEditFields = [
  'maxCpm',
  'dailyBudget',
  'totalBudget',
  'endDate',
  'hoursOfWeek',
] as const;
export type CampaignBulkEditField = (typeof campaignBulkEditFields)[number];

/** The bounds of a change by a percentage: down by less than all of it, up at most elevenfold. */
export const BULK_PERCENT_MIN = -99.99;
export const BULK_PERCENT_MAX = 1000;

/** A percentage other than 0 with at most two decimals (10, -5.5, 12.25). */
const percent = z
  .number({ message: campaignMessages.percentChange })
  .min(BULK_PERCENT_MIN, campaignMessages.percentChange)
  .max(BULK_PERCENT_MAX, campaignMessages.percentChange)
  .refine(
    (value) => value !== 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    campaignMessages.percentChange,
  );

/** A new amount, as the campaign form takes it (minor units of the advertiser's currency). */
const setAmount = z.object({ how: z.literal('set'), amount: campaignAmount });

/**
 * How an amount changes: set to an amount, by a percentage (rounded half away from zero to the
 * currency's minor unit), or by an amount up or down (minor units, other than 0).
 */
export const bulkAmountChange = z.discriminatedUnion('how', [
  setAmount,
  z.object({ how: z.literal('percent'), percent }),
  z.object({
    how: z.literal('by'),
    amount: z
      .number({ message: campaignMessages.amountChangeNotZero })
      .int(campaignMessages.amountChangeNotZero)
      .min(-1e12, campaignMessages.amountTooLarge)
      .max(1e12, campaignMessages.amountTooLarge)
      .refine((value) => value !== 0, campaignMessages.amountChangeNotZero),
  }),
]);
export type BulkAmountChange = z.infer<typeof bulkAmountChange>;

/**
 * The one change a bulk edit makes to every campaign: the bid (maximum CPM) or the daily budget
 * set or moved, the total budget set, the end date set or cleared (null), the hours of the week
 * set (as the campaign form sends them: 0-167, null for every hour).
 */
export const campaignBulkChange = z.discriminatedUnion('field', [
  z.object({ field: z.literal('maxCpm'), change: bulkAmountChange }),
  z.object({ field: z.literal('dailyBudget'), change: bulkAmountChange }),
  z.object({ field: z.literal('totalBudget'), change: setAmount }),
  z.object({ field: z.literal('endDate'), endDate: utcDay.nullable() }),
  z.object({ field: z.literal('hoursOfWeek'), hoursOfWeek: campaignBody.shape.hoursOfWeek.unwrap() }),
]);
export type CampaignBulkChange = z.infer<typeof campaignBulkChange>;

/** The campaigns (each once, at most 500) and the change; the preview takes the same body. */
export const campaignBulkEditBody = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .transform((ids) => [...new Set(ids)])
    .pipe(z.array(z.number()).max(CAMPAIGN_BULK_EDIT_MAX)),
  change: campaignBulkChange,
});
export type CampaignBulkEditBody = z.infer<typeof campaignBulkEditBody>;
export type CampaignBulkEditBodyInput = z.input<typeof campaignBulkEditBody>;

/** A setting's value as the campaign has it: an amount, a day, the hours, or none. */
const settingValue = z.union([z.number().int(), z.string(), z.array(z.number().int()), z.null()]);

export const campaignBulkEditRow = z.object({
  id: z.number().int(),
  /** Null for an id the advertiser has no campaign of. */
  name: z.string().nullable(),
  /** Each setting that changes, from what it is to what it becomes (none: the campaign stays). */
  changes: z.array(
    z.object({ field: z.enum(campaignBulkEditFields), before: settingValue, after: settingValue }),
  ),
  /**
   * Why the campaign cannot take the change, by field, as the campaign form's own checks say it
   * (`id` for a campaign that is not the advertiser's, `status` for an archived one): the English
   * texts, and the same by code.
   */
  errors: z.record(z.string(), z.array(z.string())),
  issues: z.record(z.string(), z.array(errorIssue)),
});
export type CampaignBulkEditRow = z.infer<typeof campaignBulkEditRow>;

export const campaignBulkEditDto = z.object({
  /** The advertiser's currency (the amounts are its minor units). */
  currency: z.string(),
  /** One row per id asked for, in their order. */
  campaigns: z.array(campaignBulkEditRow),
  /** The campaigns changed (applied), or that would be (preview). */
  changed: z.array(z.number().int()),
});
export type CampaignBulkEditDto = z.infer<typeof campaignBulkEditDto>;

export const campaignBulkEditResponse = envelope({ campaignBulkEdit: campaignBulkEditDto });

/**
 * A percentage change of an amount in minor units, exact (BigInt): `amount * (1 + percent/100)`
 * rounded half away from zero to the minor unit. The percentage has at most two decimals.
 */
export function changedByPercent(amount: number, percent: number): number {
  const hundredths = BigInt(Math.round(percent * 100));
  const scaled = BigInt(amount) * (10_000n + hundredths);
  const magnitude = scaled < 0n ? -scaled : scaled;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return Number(scaled < 0n ? -rounded : rounded);
}

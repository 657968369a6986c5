import {
  attributionWindowLimits,
  type CampaignBodyInput,
  type CampaignDto,
  type CampaignGoal,
  type CampaignGoalKind,
  type CampaignPacing,
  type CampaignSettingsDto,
  campaignBody,
  campaignMessages,
  campaignPacings,
  type DeviceType,
  decimalInput,
  derivedDailyBudget,
  deviceTypes,
  type FrequencyCapPeriod,
  frequencyCapPeriods,
  fromMinorUnits,
  HOURS_PER_WEEK,
  type IabCategory,
  iabCategories,
  type OperatingSystem,
  operatingSystems,
  sensitiveIabCategories,
  toMinorUnits,
} from '@rtb/shared';
import { z } from 'zod';
import { MICROS_PER_MINOR } from '../../lib/format';

/**
 * The bid strategy as the form holds it: the kind, and each outcome goal's target as typed (CPC
 * and CPA in currency units, ROAS in percent), so that trying another kind loses none.
 */
export interface GoalFormValues {
  kind: CampaignGoalKind;
  targetCpc: string;
  targetCpa: string;
  targetRoas: string;
}

/** What the form holds: amounts in currency units as typed, domain lists as pasted text. */
export interface CampaignFormValues {
  name: string;
  startDate: string;
  /** '' for none. */
  endDate: string;
  /** null: every hour. */
  hoursOfWeek: number[] | null;
  totalBudget: string;
  dailyBudget: string;
  goal: GoalFormValues;
  /** A max-CPM goal's price; an outcome goal's ceiling ('' for none). */
  maxCpm: string;
  pacing: CampaignPacing;
  frequencyCap: { period: 'off' | FrequencyCapPeriod; count: string };
  /** Days, as typed. */
  clickWindowDays: string;
  viewWindowDays: string;
  /** The lift test's hold-out in percent as typed ('' for none); the API's basis points once parsed. */
  holdoutBps: string;
  countries: string[];
  deviceTypes: DeviceType[];
  operatingSystems: OperatingSystem[];
  includeDomains: string;
  excludeDomains: string;
  excludedCategories: IabCategory[];
  bannerIds: number[];
  audienceIncludeIds: number[];
  audienceExcludeIds: number[];
}

const amountPattern = /^\d{1,13}(\.\d{1,2})?$/;
/** A decimal as typed in either language ('12,50' is '12.50'); the field holds text. */
const decimalText = z.string().transform((text) => String(decimalInput(text)));
/** An amount typed in currency units ('12,50' too), as minor units; '' is none. */
const optionalAmount = decimalText.pipe(
  z
    .string()
    .trim()
    .refine((text) => text === '' || amountPattern.test(text), campaignMessages.amountPositive)
    .transform((text) => (text === '' ? null : toMinorUnits(text))),
);
/** A target typed in currency units ('0,35' too), as micro-units. */
const targetMicros = decimalText.pipe(
  z
    .string()
    .trim()
    .regex(amountPattern, campaignMessages.amountPositive)
    .transform((text) => toMinorUnits(text) * MICROS_PER_MINOR),
);
/** A ROAS typed in percent with at most two decimals ('400', '350,5'), as basis points. */
const targetBps = decimalText.pipe(
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, campaignMessages.targetRoasRange)
    .transform(toMinorUnits),
);

/** A hold-out share typed in percent with at most two decimals ('10', '12,5'; '' none), as basis points. */
const holdoutPercent = decimalText.pipe(
  z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d{1,3}(\.\d{1,2})?$/.test(text), campaignMessages.holdoutRange)
    .transform((text) => (text === '' ? 0 : toMinorUnits(text))),
);

/** Every target's text: the form keeps them all, whichever kind is chosen. */
const targetTexts = { targetCpc: z.string(), targetCpa: z.string(), targetRoas: z.string() };

/** The typed goal as the API's (the shared `campaignGoal` checks the targets' bounds after). */
const typedGoal = z.discriminatedUnion('kind', [
  z.object({ ...targetTexts, kind: z.literal('maxCpm') }).transform((): CampaignGoal => ({ kind: 'maxCpm' })),
  z
    .object({ ...targetTexts, kind: z.literal('targetCpc'), targetCpc: targetMicros })
    .transform(({ targetCpc }): CampaignGoal => ({ kind: 'targetCpc', targetCpcMicros: targetCpc })),
  z
    .object({ ...targetTexts, kind: z.literal('targetCpa'), targetCpa: targetMicros })
    .transform(({ targetCpa }): CampaignGoal => ({ kind: 'targetCpa', targetCpaMicros: targetCpa })),
  z
    .object({ ...targetTexts, kind: z.literal('targetRoas'), targetRoas: targetBps })
    .transform(({ targetRoas }): CampaignGoal => ({ kind: 'targetRoas', targetRoasBps: targetRoas })),
]);

/** The goal typed so far, or null while its target is not a number yet. */
export function typedGoalOf(goal: GoalFormValues): CampaignGoal | null {
  const parsed = typedGoal.safeParse(goal);
  return parsed.success ? parsed.data : null;
}

/** The amount typed so far in minor units, or null while it is not one. */
export function typedMinor(text: string): number | null {
  const value = String(decimalInput(text)).trim();
  return amountPattern.test(value) ? toMinorUnits(value) : null;
}

/** The hold-out typed so far in basis points (0 for none), or null while it is not a share. */
export function typedHoldoutBps(text: string): number | null {
  const parsed = holdoutPercent.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** Whole days as typed; anything else (empty too) is NaN, which the shared schema names. */
const typedDays = z.string().transform((text) => Number(text.trim() || Number.NaN));

/** The pasted lines as the API takes them; the line numbers stay those of the textarea. */
export const domainLines = (text: string): string[] => text.replace(/\s+$/, '').split(/\r?\n/);

/**
 * The form's schema: its values turned into the API's body, then checked by the shared
 * `campaignBody` (so each rule has the API's text, on the same field), then against the
 * advertiser's minimums (the API checks them too).
 */
export function campaignFormSchema(settings: CampaignSettingsDto) {
  // Written in as the API writes a minimum ('2.00'), so both are translated the same way.
  const min = (value: number) => (value / 100).toFixed(2);
  return z
    .object({
      // Name, start and windows are checked here too, so their errors show with the amounts' (the
      // body's checks wait for those).
      name: campaignBody.shape.name,
      startDate: campaignBody.shape.startDate,
      endDate: z.string(),
      hoursOfWeek: z.array(z.number()).nullable(),
      totalBudget: optionalAmount,
      dailyBudget: optionalAmount,
      goal: typedGoal,
      maxCpm: optionalAmount,
      pacing: z.enum(campaignPacings),
      frequencyCap: z
        .object({ period: z.enum(['off', ...frequencyCapPeriods]), count: z.string() })
        .transform((cap) =>
          cap.period === 'off' ? null : { period: cap.period, count: Number(cap.count.trim() || Number.NaN) },
        ),
      clickWindowDays: typedDays.pipe(campaignBody.shape.clickWindowDays.unwrap()),
      viewWindowDays: typedDays.pipe(campaignBody.shape.viewWindowDays.unwrap()),
      holdoutBps: holdoutPercent.pipe(campaignBody.shape.holdoutBps.unwrap()),
      countries: z.array(z.string()),
      deviceTypes: z.array(z.enum(deviceTypes)),
      operatingSystems: z.array(z.enum(operatingSystems)),
      includeDomains: z.string().transform(domainLines),
      excludeDomains: z.string().transform(domainLines),
      excludedCategories: z.array(z.enum(iabCategories)),
      bannerIds: z.array(z.number()),
      audienceIncludeIds: z.array(z.number()),
      audienceExcludeIds: z.array(z.number()),
    })
    .superRefine((values, ctx) => {
      // As the body says it, but with the other fields' errors (the body's checks wait for those).
      if (values.goal.kind === 'maxCpm' && values.maxCpm === null)
        ctx.addIssue({ code: 'custom', path: ['maxCpm'], message: campaignMessages.amountPositive });
    })
    .transform(
      (values): CampaignBodyInput => ({
        ...values,
        endDate: values.endDate || null,
        // Every hour picked is no restriction.
        hoursOfWeek: values.hoursOfWeek?.length === HOURS_PER_WEEK ? null : values.hoursOfWeek,
      }),
    )
    .pipe(campaignBody)
    .superRefine((body, ctx) => {
      if (body.maxCpm !== null && body.maxCpm < settings.minCpm)
        ctx.addIssue({
          code: 'custom',
          path: ['maxCpm'],
          message: campaignMessages.bidBelowMinimum.replace('{min}', min(settings.minCpm)),
        });
      if (body.dailyBudget !== null && body.dailyBudget < settings.minDailyBudget)
        ctx.addIssue({
          code: 'custom',
          path: ['dailyBudget'],
          message: campaignMessages.dailyBelowMinimum.replace('{min}', min(settings.minDailyBudget)),
        });
    });
}

const amountText = (value: number | null) => (value === null ? '' : fromMinorUnits(value));

/** A saved goal as the form types it (a target finer than the minor unit is rounded to it). */
function goalValuesOf(goal: CampaignGoal | undefined): GoalFormValues {
  const values: GoalFormValues = {
    kind: goal?.kind ?? 'maxCpm',
    targetCpc: '',
    targetCpa: '',
    targetRoas: '',
  };
  if (goal?.kind === 'targetCpc')
    values.targetCpc = amountText(Math.round(goal.targetCpcMicros / MICROS_PER_MINOR));
  if (goal?.kind === 'targetCpa')
    values.targetCpa = amountText(Math.round(goal.targetCpaMicros / MICROS_PER_MINOR));
  // Basis points are hundredths of a percent, as minor units are of an amount.
  if (goal?.kind === 'targetRoas') values.targetRoas = fromMinorUnits(goal.targetRoasBps);
  return values;
}

/**
 * A campaign's values in the form, or a new one's (a maximum CPM, starting today, every hour, even
 * pacing, the default attribution windows, no hold-out, the sensitive categories avoided).
 */
export function formValuesOf(campaign: CampaignDto | null, today: string): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    startDate: campaign?.startDate ?? today,
    endDate: campaign?.endDate ?? '',
    hoursOfWeek: campaign?.hoursOfWeek ?? null,
    totalBudget: amountText(campaign?.totalBudget ?? null),
    dailyBudget: amountText(campaign?.dailyBudget ?? null),
    goal: goalValuesOf(campaign?.goal),
    maxCpm: amountText(campaign?.maxCpm ?? null),
    pacing: campaign?.pacing ?? 'even',
    frequencyCap: campaign?.frequencyCap
      ? { period: campaign.frequencyCap.period, count: String(campaign.frequencyCap.count) }
      : { period: 'off', count: '' },
    clickWindowDays: String(campaign?.clickWindowDays ?? attributionWindowLimits.clickWindowDays.default),
    viewWindowDays: String(campaign?.viewWindowDays ?? attributionWindowLimits.viewWindowDays.default),
    // Basis points are hundredths of a percent: 1250 is '12.5'.
    holdoutBps: String((campaign?.holdoutBps ?? 0) / 100),
    countries: campaign?.countries ?? [],
    deviceTypes: campaign?.deviceTypes ?? [],
    operatingSystems: campaign?.operatingSystems ?? [],
    includeDomains: campaign?.includeDomains.join('\n') ?? '',
    excludeDomains: campaign?.excludeDomains.join('\n') ?? '',
    excludedCategories: campaign?.excludedCategories ?? [...sensitiveIabCategories],
    bannerIds: campaign?.banners.map((banner) => banner.id) ?? [],
    audienceIncludeIds: campaign?.audienceIncludeIds ?? [],
    audienceExcludeIds: campaign?.audienceExcludeIds ?? [],
  };
}

/**
 * The daily budget a total budget comes to, spread evenly until the end date (what the bidder
 * spends a day when no daily budget is typed); null when one is typed, or without a total or an end.
 */
export function derivedDailyOf(values: CampaignFormValues, today: string, campaign: CampaignDto | null) {
  if (values.dailyBudget.trim() !== '') return null;
  return derivedDailyBudget({
    totalBudget: typedMinor(values.totalBudget),
    dailyBudget: null,
    startDate: values.startDate,
    endDate: values.endDate || null,
    today,
    spentMinor: campaign ? Math.floor(campaign.stats.spendTotalMicros / MICROS_PER_MINOR) : 0,
  });
}

/** Today in a time zone, as `YYYY-MM-DD` (the advertiser's days count in its zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

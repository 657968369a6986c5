import {
  type CampaignBulkEditField,
  campaignBulkChange,
  decimalInput,
  type ErrorIssue,
  HOURS_PER_WEEK,
  issueOfZod,
} from '@rtb/shared';
import type { TFunction } from 'i18next';
import type { CurrencyLike } from '../../lib/format';
import { formatDay } from '../../lib/format';
import { typedMinor } from './campaign-form-schema';
import { campaignMoney } from './campaign-money';
import type { BulkEditBody } from './campaigns-api';

export type BulkHow = 'set' | 'percent' | 'by';

/** What the bulk edit dialog holds: the setting, how it changes, and the values as typed. */
export interface BulkEditValues {
  field: CampaignBulkEditField;
  how: BulkHow;
  /** In currency units as typed ('12,50'); for `by`, a leading '-' lowers. */
  amount: string;
  /** As typed ('-5,5'). */
  percent: string;
  /** `YYYY-MM-DD`, or '' with `clearEnd`. */
  endDate: string;
  clearEnd: boolean;
  /** null: every hour. */
  hours: number[] | null;
}

export const initialBulkEdit: BulkEditValues = {
  field: 'maxCpm',
  how: 'percent',
  amount: '',
  percent: '',
  endDate: '',
  clearEnd: false,
  hours: null,
};

/** The ways each setting may change: amounts set or moved, the total budget only set. */
export const howsOf = (field: CampaignBulkEditField): BulkHow[] =>
  field === 'maxCpm' || field === 'dailyBudget'
    ? ['set', 'percent', 'by']
    : field === 'totalBudget'
      ? ['set']
      : [];

/** How the setting changes: the one picked, when the setting can change so, else set. */
export const howOf = (values: BulkEditValues): BulkHow =>
  howsOf(values.field).includes(values.how) ? values.how : 'set';

/** An amount typed with an optional sign ('-12,50') in minor units; NaN when it is not one. */
function signedMinor(text: string): number {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const minor = typedMinor(trimmed.replace(/^[-+]/, ''));
  if (minor === null) return Number.NaN;
  return negative ? -minor : minor;
}

/** A percentage typed in either language ('-5,5'); NaN when it is not a number. */
const typedPercent = (text: string) => {
  const value = String(decimalInput(text)).trim();
  return /^[-+]?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
};

type Change = BulkEditBody['change'];

/** The text the change needs typed (an amount, a percentage, a day); undefined when none. */
function typedText(values: BulkEditValues): string | undefined {
  if (values.field === 'endDate') return values.clearEnd ? undefined : values.endDate;
  if (values.field === 'hoursOfWeek') return undefined;
  return howOf(values) === 'percent' ? values.percent : values.amount;
}

/** The change the values ask for, before the shared schema checks it. */
function draftOf(values: BulkEditValues): Change {
  switch (values.field) {
    case 'maxCpm':
    case 'dailyBudget': {
      const how = howOf(values);
      const change =
        how === 'percent'
          ? { how, percent: typedPercent(values.percent) }
          : how === 'by'
            ? { how, amount: signedMinor(values.amount) }
            : { how, amount: typedMinor(values.amount) ?? Number.NaN };
      return { field: values.field, change };
    }
    case 'totalBudget':
      return {
        field: 'totalBudget',
        change: { how: 'set', amount: typedMinor(values.amount) ?? Number.NaN },
      };
    case 'endDate':
      return { field: 'endDate', endDate: values.clearEnd ? null : values.endDate };
    case 'hoursOfWeek':
      // Every hour picked is no restriction, as on the campaign form.
      return {
        field: 'hoursOfWeek',
        hoursOfWeek: values.hours?.length === HOURS_PER_WEEK ? null : values.hours,
      };
  }
}

/**
 * The change to send, checked by the shared schema the API uses (so its errors have the API's
 * codes), or the first problem with it.
 */
export function changeOf(
  values: BulkEditValues,
): { ok: true; change: Change } | { ok: false; issue: ErrorIssue } {
  if (typedText(values)?.trim() === '') return { ok: false, issue: { code: 'validation.required' } };
  const draft = draftOf(values);
  const parsed = campaignBulkChange.safeParse(draft);
  if (parsed.success) return { ok: true, change: draft };
  const [first] = parsed.error.issues;
  const input = first?.path.reduce<unknown>(
    (value, key) => (value as Record<PropertyKey, unknown> | null)?.[key],
    draft,
  );
  return { ok: false, issue: issueOfZod(first ?? {}, input) };
}

/** A setting's value in words: money in the currency, a day DD.MM.YYYY, the hours counted. */
export function settingText(
  t: TFunction,
  field: CampaignBulkEditField,
  value: number | string | number[] | null,
  currency: CurrencyLike,
): string {
  if (field === 'hoursOfWeek')
    return Array.isArray(value)
      ? t('campaigns:bulkEdit.hours', { count: value.length })
      : t('campaigns:bulkEdit.everyHour');
  if (field === 'endDate')
    return typeof value === 'string' ? formatDay(value) : t('campaigns:bulkEdit.noEnd');
  return typeof value === 'number' ? campaignMoney(value, currency) : t('campaigns:bulkEdit.noAmount');
}

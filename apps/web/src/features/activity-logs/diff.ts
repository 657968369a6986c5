import type { TFunction } from 'i18next';
import { type CurrencyLike, formatMoney, formatNumber, MICROS_PER_MINOR } from '../../lib/format';

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One row per field on either side, in the order the entry lists them (before's fields, then
 * any only after has). A field counts as changed when its two values differ; on a create or a
 * delete every field does, since one side is empty.
 */
export function diffRows(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const b = before ? before[field] : undefined;
    const a = after ? after[field] : undefined;
    const oneSided = !before || !after;
    return { field, before: b, after: a, changed: oneSided || !same(b, a) };
  });
}

/**
 * The fields that hold money, by how many of them make a minor unit (cents: 1; micro-units:
 * 10,000): shown as amounts of the entry's currency.
 */
const MONEY_FIELDS = new Map([
  ...['totalBudget', 'dailyBudget', 'maxCpm', 'creditLimit', 'amount', 'gross'].map(
    (field) => [field, 1] as const,
  ),
  ['goalTargetMicros', MICROS_PER_MINOR],
]);

/** A field by its name in the user's language (one the texts do not know, as it is recorded). */
export const fieldLabel = (t: TFunction, field: string): string =>
  t(`activity-logs:fields.${field}`, { defaultValue: field });

/**
 * A field's value as text: money in the currency (without one, as a plain amount), yes or no,
 * a list of plain values joined, strings as they are, nothing as `none`, anything else as JSON.
 */
export function formatValue(
  t: TFunction,
  field: string,
  value: unknown,
  currency: CurrencyLike | null,
): string {
  const none = t('activity-logs:none');
  if (value === undefined || value === null || value === '') return none;
  const perMinor = MONEY_FIELDS.get(field);
  if (typeof value === 'number' && perMinor !== undefined)
    return currency
      ? formatMoney(value / perMinor, currency, none)
      : formatNumber(value / perMinor / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (typeof value === 'boolean') return t(`activity-logs:values.${value ? 'yes' : 'no'}`);
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    return value.length ? value.join(', ') : none;
  return JSON.stringify(value);
}

/** An update's changed fields in words: 'Daily budget: 50.00 zł → 80.00 zł'. */
export const changeSummary = (t: TFunction, rows: DiffRow[], currency: CurrencyLike | null): string[] =>
  rows
    .filter((row) => row.changed)
    .map((row) =>
      t('activity-logs:details.summaryLine', {
        field: fieldLabel(t, row.field),
        before: formatValue(t, row.field, row.before, currency),
        after: formatValue(t, row.field, row.after, currency),
      }),
    );

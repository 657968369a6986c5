import { reportMetricKeys } from '@rtb/shared';
import { useCallback, useState } from 'react';
import { type LocalKey, local } from '../../lib/storage';
import { defaultReportColumns, type MetricKey } from './report-metrics';

/** The figures a report offers as columns, where the choice is kept, and what shows until one is made. */
export interface ColumnChoice<K extends MetricKey> {
  /** Every figure offered, in the report's order. */
  keys: readonly K[];
  defaults: readonly K[];
  storageKey: LocalKey;
}

/** The advertiser's report (also the agency's drill-down into one advertiser). */
export const reportColumnChoice: ColumnChoice<(typeof reportMetricKeys)[number]> = {
  keys: reportMetricKeys,
  defaults: defaultReportColumns,
  storageKey: 'reportColumns',
};

/**
 * The stored columns: known figures in the report's order; the defaults when none (or nothing
 * usable) is stored. They are kept comma-separated; any other separator (an earlier JSON array)
 * reads the same.
 */
export function readReportColumns<K extends MetricKey>({ keys, defaults, storageKey }: ColumnChoice<K>): K[] {
  const stored = new Set((local.get(storageKey) ?? '').split(/[^A-Za-z]+/));
  const columns = keys.filter((key) => stored.has(key));
  return columns.length > 0 ? columns : [...defaults];
}

/**
 * The figures shown as the report's columns (and in its summary and exports), kept in local
 * storage so they stay as the user left them; always at least one, in the report's order.
 */
export function useReportColumns<K extends MetricKey>(choice: ColumnChoice<K>) {
  const [columns, setColumns] = useState<K[]>(() => readReportColumns(choice));
  const { keys, storageKey } = choice;
  const change = useCallback(
    (chosen: readonly K[]) => {
      const picked = new Set(chosen);
      const next = keys.filter((key) => picked.has(key));
      if (next.length === 0) return;
      local.set(storageKey, next.join(','));
      setColumns(next);
    },
    [keys, storageKey],
  );
  return [columns, change] as const;
}

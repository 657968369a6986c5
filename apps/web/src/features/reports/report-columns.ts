import { type ReportMetricKey, reportMetricKeys } from '@rtb/shared';
import { useCallback, useState } from 'react';
import { local } from '../../lib/storage';
import { defaultReportColumns } from './report-metrics';

/** The stored columns: known figures in the report's order; the default set when none (or nothing) is stored. */
export function readReportColumns(): ReportMetricKey[] {
  const stored = new Set((local.get('reportColumns') ?? '').split(','));
  const columns = reportMetricKeys.filter((key) => stored.has(key));
  return columns.length > 0 ? columns : [...defaultReportColumns];
}

/**
 * The figures shown as the report's columns (and in its summary and exports), kept in local
 * storage so they stay as the user left them; always at least one, in the report's order.
 */
export function useReportColumns() {
  const [columns, setColumns] = useState<ReportMetricKey[]>(readReportColumns);
  const change = useCallback((chosen: readonly ReportMetricKey[]) => {
    const picked = new Set(chosen);
    const next = reportMetricKeys.filter((key) => picked.has(key));
    if (next.length === 0) return;
    local.set('reportColumns', next.join(','));
    setColumns(next);
  }, []);
  return [columns, change] as const;
}

import { type AgencyReportMetricKey, agencyReportMetricKeys } from '@rtb/shared';
import { useCallback, useState } from 'react';
import { local } from '../../lib/storage';

/** The figures shown until the user picks others: delivery, money and the agency's commission. */
export const defaultColumns: readonly AgencyReportMetricKey[] = [
  'impressions',
  'clicks',
  'ctr',
  'spendMicros',
  'cpmMicros',
  'cpcMicros',
  'conversions',
  'conversionValueMinor',
  'roas',
  'commissionMicros',
];

/** The stored choice in the contract's order; the defaults when there is none or nothing usable. */
export function storedColumns(): AgencyReportMetricKey[] {
  let picked: unknown;
  try {
    picked = JSON.parse(local.get('agencyReportColumns') ?? 'null');
  } catch {
    picked = null;
  }
  const known = Array.isArray(picked) ? agencyReportMetricKeys.filter((key) => picked.includes(key)) : [];
  return known.length ? known : [...defaultColumns];
}

/**
 * The figures the table shows (and exports), kept in local storage; always at least one, in
 * the contract's order.
 */
export function useReportColumns() {
  const [columns, setColumns] = useState(storedColumns);
  const toggle = useCallback((key: AgencyReportMetricKey, shown: boolean) => {
    setColumns((current) => {
      const next = agencyReportMetricKeys.filter((k) => (k === key ? shown : current.includes(k)));
      if (next.length === 0) return current;
      local.set('agencyReportColumns', JSON.stringify(next));
      return next;
    });
  }, []);
  return { columns, toggle };
}

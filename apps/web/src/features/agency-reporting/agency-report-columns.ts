import { type AgencyReportMetricKey, agencyReportMetricKeys } from '@rtb/shared';
import type { ColumnChoice } from '../reports';
import { defaultReportColumns } from '../reports';

/**
 * The agency's columns: every figure of an advertiser's report and the commission; until the
 * user picks others, the advertiser's defaults and the commission. Kept apart from the
 * advertiser's choice.
 */
export const agencyColumnChoice: ColumnChoice<AgencyReportMetricKey> = {
  keys: agencyReportMetricKeys,
  defaults: [...defaultReportColumns, 'commissionMicros'],
  storageKey: 'agencyReportColumns',
};

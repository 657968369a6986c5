import {
  type AgencyReportExportQuery,
  type AgencyReportRowDto,
  REPORT_EXPORT_MAX_ROWS,
  reportMessages,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import type { ExportColumn, ExportOptions } from '../../../core/exports';
import { exportLabels } from './export-labels';
import { agencyReportRows, agencyReportTotals, planAgencyReport } from './get-agency-report';
import { metricColumns, periodColumn } from './report-export-columns';

type ExportRow = Partial<AgencyReportRowDto> & { currency: string };

/**
 * The agency's report as a file: every row in the table's order (at most
 * REPORT_EXPORT_MAX_ROWS), the advertiser, campaign and currency columns, the figures the user
 * shows in each row's currency, and a totals row per currency.
 */
export async function agencyReportExport(
  deps: AppDeps,
  agencyId: number,
  query: AgencyReportExportQuery,
  now = new Date(),
): Promise<ExportOptions<ExportRow> & { filename: string }> {
  const plan = await planAgencyReport(deps, agencyId, query, now);
  const [{ rows, total }, totals] = await Promise.all([
    agencyReportRows(deps, plan, query, { limit: REPORT_EXPORT_MAX_ROWS + 1, offset: 0 }),
    agencyReportTotals(deps, plan),
  ]);
  if (total > REPORT_EXPORT_MAX_ROWS) throw invalidField('from', reportMessages.exportTooLarge);
  const labels = exportLabels[query.locale];
  const digits = new Map([...plan.advertisers.values()].map((a) => [a.currency, a.currencyMinorUnits]));
  const columns: ExportColumn<ExportRow>[] = [
    ...(query.time === 'none' ? [] : [periodColumn<ExportRow>(query.time, labels)]),
    { key: 'advertiserName', header: labels.advertiser, type: 'text' },
    ...(query.by === 'campaign'
      ? [{ key: 'campaignName' as const, header: labels.campaign, type: 'text' as const }]
      : []),
    { key: 'currency', header: labels.currency, type: 'text' },
    ...metricColumns<ExportRow>(query.columns, labels, {
      currency: null,
      digits: (row) => digits.get(row.currency) ?? 2,
    }),
  ];
  return {
    format: query.format,
    style: query.style,
    locale: query.locale,
    filename: `agency-report-${plan.scope.from}-${plan.scope.to}`,
    columns,
    rows,
    totals,
    totalsLabel: labels.total,
  };
}

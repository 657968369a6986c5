import {
  appStoreIdOf,
  REPORT_EXPORT_MAX_ROWS,
  type ReportDimension,
  type ReportExportQuery,
  type ReportRowDto,
  reportMessages,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import type { ExportColumn, ExportOptions } from '../../../core/exports';
import { currencySymbol } from '../../platform';
import { type ExportLabels, exportLabels } from './export-labels';
import { planReport, reportRows, reportTotals } from './get-report';
import { metricColumns, periodColumn } from './report-export-columns';

type ExportRow = ReportRowDto & { label: string | null };

/**
 * How a row's dimension reads, as the panel shows it: a name, a country's name in the user's
 * language, a device type's, a domain or app (an App Store id as 'App <id> (App Store)'), or "Unknown" (the country names made once per export).
 */
export function dimensionLabeller(
  by: ReportDimension | 'advertiser',
  labels: ExportLabels,
  locale: string,
): (row: { key: string | null; name: string | null }) => string | null {
  const regions =
    by === 'country' ? new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }) : null;
  return (row) => {
    if (by === 'none') return null;
    if (row.name) return row.name;
    if (!row.key) return labels.unknown;
    if (regions) return regions.of(row.key) ?? row.key;
    if (by === 'deviceType') return labels.devices[row.key] ?? row.key;
    const appStoreId = by === 'domain' ? appStoreIdOf(row.key) : null;
    return appStoreId ? labels.appStoreApp(appStoreId) : row.key;
  };
}

/**
 * The advertiser's report as a file: every row in the table's order (one snapshot, at most
 * REPORT_EXPORT_MAX_ROWS), the time and dimension columns, the figures the user shows, and the
 * totals row; headers and labels in the user's language.
 */
export async function reportExport(
  deps: AppDeps,
  advertiserId: number,
  query: ReportExportQuery,
  now = new Date(),
): Promise<ExportOptions<ExportRow> & { filename: string }> {
  const plan = await planReport(deps, advertiserId, query, now);
  const { rows, total } = await reportRows(deps, plan, query, {
    limit: REPORT_EXPORT_MAX_ROWS + 1,
    offset: 0,
  });
  if (total > REPORT_EXPORT_MAX_ROWS) throw invalidField('from', reportMessages.exportTooLarge);
  const labels = exportLabels[query.locale];
  const { advertiser, scope } = plan;
  const labelOf = dimensionLabeller(query.by, labels, query.locale);
  const columns: ExportColumn<ExportRow>[] = [
    ...(query.time === 'none' ? [] : [periodColumn<ExportRow>(query.time, labels)]),
    ...(query.by === 'none'
      ? []
      : [{ key: 'label' as const, header: labels[query.by], type: 'text' as const }]),
    ...metricColumns<ExportRow>(query.columns, labels, {
      currency: await currencySymbol(deps, advertiser.currency),
      digits: advertiser.currencyMinorUnits,
    }),
  ];
  return {
    format: query.format,
    style: query.style,
    locale: query.locale,
    timeZone: advertiser.timeZone,
    filename: `report-${scope.from}-${scope.to}`,
    columns,
    rows: rows.map((row) => ({ ...row, label: labelOf(row) })),
    totals: async () => reportTotals(deps, plan, scope),
    // The label goes in the first cell: a period's or a dimension's, never a figure's.
    ...(query.time === 'none' && query.by === 'none' ? {} : { totalsLabel: labels.total }),
  };
}

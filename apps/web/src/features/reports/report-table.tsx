import type { ReportDto, ReportMetricKey, ReportRowDto, ReportSortField } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { formatDay } from '../../lib/format';
import { type HeadColumn, MetricTable, type MetricTableState } from './metric-table';
import { ReportDimensionCell } from './report-dimension-cell';
import { periodLabel } from './report-period-label';

/**
 * The advertiser's report as a table: the period (when split by time) and/or the dimension, or
 * the whole period when split by neither, then the figures the user shows and the totals row.
 */
export function ReportTable({
  report,
  campaignLink,
  ...table
}: {
  report: ReportDto;
  campaignLink?: ((campaignId: number) => string) | undefined;
} & MetricTableState<ReportMetricKey, ReportSortField>) {
  const { t } = useTranslation('reports');
  const currency = useCurrencyOf()(report.currency);
  const named: HeadColumn<ReportRowDto, ReportSortField>[] = [];
  if (report.time !== 'none')
    named.push({
      key: 'period',
      header: t('table.period'),
      sortField: 'period',
      cell: (row) => (row.period ? periodLabel(row.period, report.time, t) : ''),
    });
  if (report.by !== 'none')
    named.push({
      key: 'name',
      header: t(`dimensions.${report.by}`),
      sortField: 'name',
      cell: (row) => <ReportDimensionCell by={report.by} row={row} campaignLink={campaignLink} />,
    });
  const whole = `${formatDay(report.from)} – ${formatDay(report.to)}`;
  // Split by neither: one row, the whole period. The first column names the row.
  const heads = (
    named.length ? named : [{ key: 'period', header: t('table.period'), cell: () => whole }]
  ).map((head, index) => ({ ...head, rowHeader: index === 0 }));

  return (
    <MetricTable
      id="report-table-heading"
      heading={t('table.heading')}
      caption={t('table.caption')}
      heads={heads}
      rows={report.rows}
      rowKey={(row) => `${row.period ?? ''}|${row.key ?? ''}`}
      currencyOf={() => currency}
      totals={[{ key: 'total', label: t('total'), figures: report.totals, currency }]}
      {...table}
    />
  );
}

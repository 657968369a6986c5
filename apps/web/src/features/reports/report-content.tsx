import type { ReportDto, ReportMetricKey } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportChart } from './report-chart';
import { ReportColumnPicker } from './report-column-picker';
import { ReportExport } from './report-export';
import { effectiveSort, type ReportSearch, type ReportSearchChange } from './report-params';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';
import styles from './reports.module.css';

/**
 * The report's figures: the totals, the chart, the columns and the exports, the table; or the
 * empty state while nothing was delivered in the period.
 */
export function ReportContent({
  apiPath,
  report,
  search,
  columns,
  onColumns,
  onChange,
  busy,
  campaignLink,
  emptyAction,
}: {
  apiPath: string;
  report: ReportDto;
  search: ReportSearch;
  columns: readonly ReportMetricKey[];
  onColumns: (columns: ReportMetricKey[]) => void;
  onChange: (changes: ReportSearchChange) => void;
  busy: boolean;
  campaignLink?: ((campaignId: number) => string) | undefined;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  if (!report.delivered)
    return (
      <div className={styles.state} aria-busy={busy || undefined}>
        <p className={styles.stateTitle}>{t('empty.title')}</p>
        <p className={styles.stateBody}>{t('empty.body')}</p>
        {emptyAction}
      </div>
    );
  const { sort, order } = effectiveSort(search);
  const toggleSort = (field: typeof sort) =>
    onChange(
      field === sort
        ? { sort: field, order: order === 'asc' ? 'desc' : 'asc' }
        : { sort: field, order: field === 'period' || field === 'name' ? 'asc' : 'desc' },
    );
  return (
    <div className={styles.content} aria-busy={busy || undefined}>
      <p className={styles.note}>{t('timeZone', { timeZone: report.timeZone })}</p>
      <ReportSummary report={report} columns={columns} />
      <ReportChart
        report={report}
        metric={search.metric}
        metric2={search.metric2}
        type={search.chart}
        onChange={onChange}
      />
      <div className={styles.tableBar}>
        <ReportColumnPicker columns={columns} onChange={onColumns} />
        <ReportExport apiPath={apiPath} search={search} report={report} columns={columns} />
      </div>
      <ReportTable
        report={report}
        columns={columns}
        sort={sort}
        order={order}
        onSort={toggleSort}
        onPage={(page) => onChange({ page })}
        campaignLink={campaignLink}
        busy={busy}
      />
    </div>
  );
}

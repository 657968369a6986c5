import { type ReportDto, type ReportMetricKey, reportMetricKeys } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportChart } from './report-chart';
import { ReportColumnPicker } from './report-column-picker';
import { ReportExport } from './report-export';
import { chartByGroup, effectiveSort, type ReportSearch, type ReportSearchChange } from './report-params';
import { ReportEmpty } from './report-state';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';
import styles from './reports.module.css';
import { reportExportPath } from './reports-api';

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
      <ReportEmpty title={t('empty.title')} body={t('empty.body')} busy={busy}>
        {emptyAction}
      </ReportEmpty>
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
        lines={chartByGroup(search) ? 'groups' : 'total'}
        onChange={onChange}
      />
      <div className={styles.tableBar}>
        <ReportColumnPicker keys={reportMetricKeys} columns={columns} onChange={onColumns} />
        <ReportExport
          pathOf={(file) => reportExportPath(apiPath, search, report, file, columns)}
          rows={report.rows.meta.total}
        />
      </div>
      <ReportTable
        report={report}
        columns={columns}
        sorted={effectiveSort(search)}
        onChange={onChange}
        campaignLink={campaignLink}
        busy={busy}
      />
    </div>
  );
}

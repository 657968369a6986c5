import type { ReportDto, ReportMetricKey, ReportRowDto, ReportSortField } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { TableScroll } from '../../shell/list/table-scroll';
import { ReportDimensionCell } from './report-dimension-cell';
import { MetricValue } from './report-metrics';
import { periodLabel } from './report-period-label';
import styles from './reports.module.css';

interface HeadColumn {
  key: string;
  header: string;
  sortField: ReportSortField;
  cell: (row: ReportRowDto) => ReactNode;
}

/**
 * The report's rows (a page of them, sorted by the API) with the totals row always at the foot:
 * the period (when split by time) and/or the dimension, then the figures the user shows. Every
 * header sorts (again to turn the order round); it scrolls sideways inside its box on a phone.
 */
export function ReportTable({
  report,
  columns,
  sort,
  order,
  onSort,
  onPage,
  campaignLink,
  busy,
}: {
  report: ReportDto;
  columns: readonly ReportMetricKey[];
  sort: ReportSortField;
  order: 'asc' | 'desc';
  onSort: (field: ReportSortField) => void;
  onPage: (page: number) => void;
  campaignLink?: ((campaignId: number) => string) | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation('reports');
  const heads: HeadColumn[] = [];
  if (report.time !== 'none')
    heads.push({
      key: 'period',
      header: t('table.period'),
      sortField: 'period',
      cell: (row) => (row.period ? periodLabel(row.period, report.time, t) : ''),
    });
  if (report.by !== 'none')
    heads.push({
      key: 'name',
      header: t(`dimensions.${report.by}`),
      sortField: 'name',
      cell: (row) => <ReportDimensionCell by={report.by} row={row} campaignLink={campaignLink} />,
    });
  const whole = `${formatDay(report.from)} – ${formatDay(report.to)}`;
  const headers = heads.length ? heads : null;
  const caption = t('table.caption');

  const header = (key: string, label: string, field: ReportSortField, end: boolean) => {
    const active = field === sort;
    return (
      <th
        key={key}
        scope="col"
        className={end ? listStyles.end : undefined}
        aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}
      >
        <button type="button" className={listStyles.sortButton} onClick={() => onSort(field)}>
          {label}
          <span aria-hidden="true" className={listStyles.sortMark}>
            {active ? (order === 'desc' ? '▼' : '▲') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <section className={styles.card} aria-labelledby="report-table-heading">
      <h2 id="report-table-heading" className={styles.cardHeading}>
        {t('table.heading')}
      </h2>
      <TableScroll caption={caption} busy={busy}>
        <table className={listStyles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {headers ? (
                headers.map((head) => header(head.key, head.header, head.sortField, false))
              ) : (
                <th scope="col">{t('table.period')}</th>
              )}
              {columns.map((metric) => header(metric, t(`metrics.${metric}`), metric, true))}
            </tr>
          </thead>
          <tbody>
            {report.rows.elements.map((row) => (
              <tr key={`${row.period ?? ''}|${row.key ?? ''}`}>
                {headers ? (
                  headers.map((head, index) =>
                    index === 0 ? (
                      <th key={head.key} scope="row" className={styles.rowHead}>
                        {head.cell(row)}
                      </th>
                    ) : (
                      <td key={head.key}>{head.cell(row)}</td>
                    ),
                  )
                ) : (
                  <th scope="row" className={styles.rowHead}>
                    {whole}
                  </th>
                )}
                {columns.map((metric) => (
                  <td key={metric} className={`${listStyles.end} ${styles.figure}`}>
                    <MetricValue metric={metric} value={row[metric]} currency={report.currency} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className={styles.totals}>
              <th scope="row" colSpan={headers?.length ?? 1} className={styles.rowHead}>
                {t('total')}
              </th>
              {columns.map((metric) => (
                <td key={metric} className={`${listStyles.end} ${styles.figure}`}>
                  <MetricValue metric={metric} value={report.totals[metric]} currency={report.currency} />
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <Pagination meta={report.rows.meta} onPage={onPage} />
    </section>
  );
}

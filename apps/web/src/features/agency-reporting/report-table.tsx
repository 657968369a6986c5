import type { AgencyReportDto, AgencyReportMetricKey, AgencyReportRowDto } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import listStyles from '../../shell/list/list.module.css';
import { TableScroll } from '../../shell/list/table-scroll';
import { CampaignStatusBadge } from '../campaigns/campaign-status-badge';
import { formatMetric, metricLabel } from './agency-report-metrics';
import { type AgencyReportSort, advertiserReportPath } from './agency-report-params';
import styles from './agency-reporting.module.css';
import { formatPeriod } from './format-period';

interface HeadColumn {
  key: string;
  header: string;
  sortField?: AgencyReportSort;
  /** The column that names the row (its advertiser or campaign). */
  rowHeader?: boolean;
  cell: (row: AgencyReportRowDto) => ReactNode;
}

/**
 * The report's rows (a page) with the figures the user picked, headers that sort on the server
 * (the same one again flips the order) and one totals row per currency; wider than the page
 * on a phone, it scrolls sideways inside its box.
 */
export function ReportTable({
  report,
  columns,
  sort,
  order,
  onSort,
  busy,
}: {
  report: AgencyReportDto;
  columns: AgencyReportMetricKey[];
  /** The order the rows are in (the API's default when none was asked for). */
  sort: AgencyReportSort;
  order: 'asc' | 'desc';
  onSort: (field: AgencyReportSort) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation('agency-reporting');
  const drillDown = { from: report.from, to: report.to };
  const advertiser: HeadColumn = {
    key: 'advertiser',
    header: t('table.advertiser'),
    sortField: report.by === 'advertiser' ? 'name' : undefined,
    rowHeader: report.by === 'advertiser',
    cell: (row) => (
      <Link className={styles.nameLink} to={advertiserReportPath(row.advertiserId, drillDown)}>
        {row.advertiserName}
      </Link>
    ),
  };
  const heads: HeadColumn[] = [
    ...(report.time === 'none'
      ? []
      : [
          {
            key: 'period',
            header: t('table.period'),
            sortField: 'period' as const,
            cell: (row: AgencyReportRowDto) =>
              row.period ? formatPeriod(t, row.period, report.time, i18n.language) : '',
          },
        ]),
    advertiser,
    ...(report.by === 'campaign'
      ? [
          {
            key: 'campaign',
            header: t('table.campaign'),
            sortField: 'name' as const,
            rowHeader: true,
            cell: (row: AgencyReportRowDto) => row.campaignName,
          },
          {
            key: 'status',
            header: t('table.status'),
            cell: (row: AgencyReportRowDto) =>
              row.campaignStatus && <CampaignStatusBadge status={row.campaignStatus} />,
          },
        ]
      : []),
  ];

  const header = (label: string, field: AgencyReportSort | undefined, end = false) => {
    const active = field !== undefined && field === sort;
    return (
      <th
        key={field ?? label}
        scope="col"
        className={end ? listStyles.end : undefined}
        aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}
      >
        {field ? (
          <button type="button" className={listStyles.sortButton} onClick={() => onSort(field)}>
            {label}
            <span aria-hidden="true" className={listStyles.sortMark}>
              {active ? (order === 'desc' ? '▼' : '▲') : '↕'}
            </span>
          </button>
        ) : (
          label
        )}
      </th>
    );
  };

  const caption = t(`table.caption.${report.by}`);
  return (
    <TableScroll caption={caption} busy={busy}>
      <table className={listStyles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {heads.map((head) => header(head.header, head.sortField))}
            {columns.map((key) => header(metricLabel(t, key), key, true))}
          </tr>
        </thead>
        <tbody>
          {report.rows.elements.map((row) => (
            <tr key={`${row.period}|${row.advertiserId}|${row.campaignId}`}>
              {heads.map((head) =>
                head.rowHeader ? (
                  <th key={head.key} scope="row" className={styles.rowHead}>
                    {head.cell(row)}
                  </th>
                ) : (
                  <td key={head.key} className={styles.cell}>
                    {head.cell(row)}
                  </td>
                ),
              )}
              {columns.map((key) => (
                <td key={key} className={`${listStyles.end} ${styles.figure}`}>
                  {formatMetric(t, key, row, row.currency)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {report.totals.map((totals) => (
            <tr key={totals.currency} className={styles.totals}>
              <th scope="row" colSpan={heads.length} className={styles.rowHead}>
                {t('table.total', { currency: totals.currency })}
              </th>
              {columns.map((key) => (
                <td key={key} className={`${listStyles.end} ${styles.figure}`}>
                  {formatMetric(t, key, totals, totals.currency)}
                </td>
              ))}
            </tr>
          ))}
        </tfoot>
      </table>
    </TableScroll>
  );
}

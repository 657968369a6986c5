import type { ReportMetrics } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import listStyles from '../../shell/list/list.module.css';
import { TableScroll } from '../../shell/list/table-scroll';
import type { Metric } from './report-metrics';
import styles from './reports.module.css';

export interface ReportRow {
  key: string | number;
  /** What the row is about: a campaign, a day. */
  head: ReactNode;
  /** More cells about it, before the figures (e.g. the campaign's status). */
  details?: ReactNode[];
  metrics: ReportMetrics;
}

/**
 * A table of the report's figures with a totals row; wider than the page on a phone, it
 * scrolls sideways inside its box.
 */
export function ReportTable({
  id,
  heading,
  caption,
  headers,
  rows,
  totals,
  metrics,
}: {
  id: string;
  heading: string;
  caption: string;
  /** The headers of the row's head and details. */
  headers: string[];
  rows: ReportRow[];
  totals: ReportMetrics;
  metrics: Metric[];
}) {
  const { t } = useTranslation('reports');
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {heading}
      </h2>
      <TableScroll caption={caption}>
        <table className={listStyles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
              {metrics.map((metric) => (
                <th key={metric.key} scope="col" className={listStyles.end}>
                  {metric.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={styles.rowHead}>
                  {row.head}
                </th>
                {row.details?.map((detail, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the details are fixed columns
                  <td key={index}>{detail}</td>
                ))}
                {metrics.map((metric) => (
                  <td key={metric.key} className={`${listStyles.end} ${styles.figure}`}>
                    {metric.value(row.metrics)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className={styles.totals}>
              <th scope="row" colSpan={headers.length} className={styles.rowHead}>
                {t('total')}
              </th>
              {metrics.map((metric) => (
                <td key={metric.key} className={`${listStyles.end} ${styles.figure}`}>
                  {metric.value(totals)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </section>
  );
}

import type { PageMeta } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyLike } from '../../lib/format';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SortHeader } from '../../shell/list/sort-header';
import { TableScroll } from '../../shell/list/table-scroll';
import { type MetricKey, MetricValue } from './report-metrics';
import { nextSort } from './report-params';
import styles from './reports.module.css';

/** A column before the figures: what a row is about (its period, its name...). */
export interface HeadColumn<R, S extends string> {
  key: string;
  header: string;
  /** The API's sort field, when the column sorts. */
  sortField?: S;
  /** The column names the row (a row header). */
  rowHeader?: boolean;
  cell: (row: R) => ReactNode;
}

/** A totals row at the foot: its label and figures, money in `currency`. */
export interface TotalsRow<K extends MetricKey> {
  key: string;
  label: string;
  figures: Record<K, number | null>;
  currency: CurrencyLike;
}

/** What a report's table shows and how it changes: the figures shown, the sort, the page. */
export interface MetricTableState<K extends MetricKey, S extends string> {
  columns: readonly K[];
  /** The order the rows are in (the API's default when none was asked for). */
  sorted: { sort: S | K; order: 'asc' | 'desc' };
  /** A header clicked (the sort: `nextSort`) or another page. */
  onChange: (change: { sort: S | K; order: 'asc' | 'desc' } | { page: number }) => void;
  busy: boolean;
}

/**
 * A report's table in its card: the `heads`, then the figures the user shows (`columns`), a
 * page of rows sorted by the API and the totals rows always at the foot, then the pages. Every
 * sortable header sorts (again to turn the order round); money is in each row's currency; it
 * scrolls sideways inside its box on a phone.
 */
export function MetricTable<K extends MetricKey, S extends string, R extends Record<K, number | null>>({
  id,
  heading,
  caption,
  heads,
  rows,
  rowKey,
  currencyOf,
  totals,
  columns,
  sorted,
  onChange,
  busy,
}: {
  /** The heading's id (the card is named by it). */
  id: string;
  heading: string;
  caption: string;
  heads: HeadColumn<R, S>[];
  rows: { elements: R[]; meta: PageMeta };
  rowKey: (row: R) => string;
  currencyOf: (row: R) => CurrencyLike;
  totals: TotalsRow<K>[];
} & MetricTableState<K, S>) {
  const { t } = useTranslation('reports');
  const figure = `${listStyles.end} ${styles.figure}`;
  const { sort, order } = sorted;
  const onSort = (field: S | K) => onChange(nextSort(field, sorted));
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {heading}
      </h2>
      <TableScroll caption={caption} busy={busy}>
        <table className={listStyles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {heads.map((head) => (
                <SortHeader
                  key={head.key}
                  label={head.header}
                  field={head.sortField}
                  sort={sort}
                  order={order}
                  onSort={onSort}
                />
              ))}
              {columns.map((metric) => (
                <SortHeader<S | K>
                  key={metric}
                  label={t(`metrics.${metric}`)}
                  field={metric}
                  sort={sort}
                  order={order}
                  onSort={onSort}
                  end
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.elements.map((row) => (
              <tr key={rowKey(row)}>
                {heads.map((head) =>
                  head.rowHeader ? (
                    <th key={head.key} scope="row" className={styles.rowHead}>
                      {head.cell(row)}
                    </th>
                  ) : (
                    <td key={head.key}>{head.cell(row)}</td>
                  ),
                )}
                {columns.map((metric) => (
                  <td key={metric} className={figure}>
                    <MetricValue metric={metric} value={row[metric]} currency={currencyOf(row)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            {totals.map((total) => (
              <tr key={total.key} className={styles.totals}>
                <th scope="row" colSpan={heads.length} className={styles.rowHead}>
                  {total.label}
                </th>
                {columns.map((metric) => (
                  <td key={metric} className={figure}>
                    <MetricValue metric={metric} value={total.figures[metric]} currency={total.currency} />
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        </table>
      </TableScroll>
      <Pagination meta={rows.meta} onPage={(page) => onChange({ page })} />
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button';
import styles from './list.module.css';
import { TableScroll } from './table-scroll';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sort field, when the column can be sorted. */
  sortField?: string;
  align?: 'start' | 'end';
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  sort?: string;
  order?: 'asc' | 'desc';
  onSort?: (field: string) => void;
  empty: { title: string; body?: string; action?: ReactNode };
}

/** A list's table with its loading, error and empty states (never a blank screen), in a TableScroll. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  sort,
  order,
  onSort,
  empty,
}: DataTableProps<T>) {
  const { t } = useTranslation('shell');
  if (error) {
    return (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>{error}</p>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            {t('common:retry')}
          </Button>
        )}
      </div>
    );
  }
  if (!loading && rows && rows.length === 0) {
    return (
      <div className={styles.state}>
        <p className={styles.stateTitle}>{empty.title}</p>
        {empty.body && <p className={styles.stateBody}>{empty.body}</p>}
        {empty.action}
      </div>
    );
  }
  return (
    <TableScroll caption={caption} busy={loading}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = column.sortField !== undefined && column.sortField === sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.align === 'end' ? styles.end : undefined}
                  aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}
                >
                  {column.sortField && onSort ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => onSort(column.sortField as string)}
                    >
                      {column.header}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {active ? (order === 'desc' ? '▼' : '▲') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading && !rows ? (
            <tr>
              <td colSpan={columns.length} className={styles.loadingCell}>
                {t('common:loading')}
              </td>
            </tr>
          ) : (
            rows?.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.align === 'end' ? styles.end : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

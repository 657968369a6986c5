import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button';
import styles from './list.module.css';
import { SortHeader } from './sort-header';
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
  /** Rows picked for bulk actions: a checkbox on each row, and one for every row shown. */
  selection?: RowSelection<T>;
  /** Narrower cells, for a list of many columns that should fit a desktop without scrolling. */
  compact?: boolean;
}

export interface RowSelection<T> {
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** The accessible name of a row's checkbox (e.g. 'Select Summer sale'). */
  rowLabel: (row: T) => string;
  allLabel: string;
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
  selection,
  compact = false,
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
      <table className={compact ? `${styles.table} ${styles.compact}` : styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={styles.selectCell}>
                <SelectAll rows={rows ?? []} rowKey={rowKey} selection={selection} />
              </th>
            )}
            {columns.map((column) => (
              <SortHeader
                key={column.key}
                label={column.header}
                field={column.sortField}
                sort={sort}
                order={order}
                onSort={onSort}
                end={column.align === 'end'}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && !rows ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)} className={styles.loadingCell}>
                {t('common:loading')}
              </td>
            </tr>
          ) : (
            rows?.map((row) => (
              <tr key={rowKey(row)}>
                {selection && (
                  <td className={styles.selectCell}>
                    <input
                      type="checkbox"
                      aria-label={selection.rowLabel(row)}
                      checked={selection.selected.has(rowKey(row))}
                      onChange={(event) => {
                        const next = new Set(selection.selected);
                        if (event.target.checked) next.add(rowKey(row));
                        else next.delete(rowKey(row));
                        selection.onChange(next);
                      }}
                    />
                  </td>
                )}
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

/** Picks or drops every row shown; mixed while only some are picked. */
function SelectAll<T>({
  rows,
  rowKey,
  selection,
}: {
  rows: T[];
  rowKey: (row: T) => string | number;
  selection: RowSelection<T>;
}) {
  const keys = rows.map(rowKey);
  const picked = keys.filter((key) => selection.selected.has(key)).length;
  return (
    <input
      type="checkbox"
      aria-label={selection.allLabel}
      checked={keys.length > 0 && picked === keys.length}
      ref={(input) => {
        if (input) input.indeterminate = picked > 0 && picked < keys.length;
      }}
      disabled={keys.length === 0}
      onChange={(event) => selection.onChange(new Set(event.target.checked ? keys : []))}
    />
  );
}

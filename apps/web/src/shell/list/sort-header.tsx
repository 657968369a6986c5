import styles from './list.module.css';

/**
 * A column header that sorts on the server: a button with the order shown (▲ ▼, ↕ while another
 * column sorts) and aria-sort on the active one; a plain header without `field`.
 */
export function SortHeader<S extends string>({
  label,
  field,
  sort,
  order,
  onSort,
  end = false,
}: {
  label: string;
  field?: S | undefined;
  sort: string | undefined;
  order: 'asc' | 'desc' | undefined;
  onSort?: ((field: S) => void) | undefined;
  /** Figures: the header sits at the end of its cell, like them. */
  end?: boolean;
}) {
  const active = field !== undefined && field === sort;
  return (
    <th
      scope="col"
      className={end ? styles.end : undefined}
      aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}
    >
      {field !== undefined && onSort ? (
        <button type="button" className={styles.sortButton} onClick={() => onSort(field)}>
          {label}
          <span aria-hidden="true" className={styles.sortMark}>
            {active ? (order === 'desc' ? '▼' : '▲') : '↕'}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}

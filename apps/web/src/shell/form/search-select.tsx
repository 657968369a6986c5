import type { ReactNode } from 'react';
import { SearchBox } from '../list/search-box';
import styles from './form.module.css';
import { SelectField, type SelectFieldProps, type SelectOption } from './select-field';

/**
 * A select among more entries than a list can hold (the API pages them): a search narrows what
 * is offered, and the chosen entry stays offered whatever the search. The caller keeps the
 * search and finds its options and the chosen one's label.
 */
export function SearchSelect({
  searchLabel,
  search,
  found,
  chosen,
  onSearch,
  hint,
  ...select
}: Omit<SelectFieldProps, 'options'> & {
  searchLabel: string;
  search: string;
  /** The entries `search` found. */
  found: SelectOption[];
  /** The chosen entry, offered even when the search does not find it. */
  chosen: SelectOption | null;
  onSearch: (search: string) => void;
  /** Shown under the select (e.g. a rule of the chosen entry). */
  hint?: ReactNode;
}) {
  const options = [
    ...(chosen && !found.some((option) => String(option.value) === String(chosen.value)) ? [chosen] : []),
    ...found,
  ];
  return (
    <div className={styles.searchSelect}>
      <SearchBox value={search} label={searchLabel} onSearch={onSearch} short />
      <SelectField {...select} options={options} />
      {hint && <p className={styles.searchSelectHint}>{hint}</p>}
    </div>
  );
}

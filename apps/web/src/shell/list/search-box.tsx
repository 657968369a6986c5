import { type CSSProperties, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './list.module.css';

/**
 * A search field that tells its value 300 ms after the user stops typing. Its placeholder is its
 * label, unless `short` (where a visible label above already says what is searched).
 */
export function SearchBox({
  value,
  onSearch,
  label,
  short,
}: {
  value: string;
  onSearch: (v: string) => void;
  label?: string;
  short?: boolean;
}) {
  const { t } = useTranslation('shell');
  const id = useId();
  const [text, setText] = useState(value);
  const placeholder = `${short ? t('list.search') : (label ?? t('list.search'))}…`;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    // As wide as its placeholder (up to the row's width), so the hint is never cut.
    <div className={styles.search} style={{ '--placeholder-chars': placeholder.length } as CSSProperties}>
      <label htmlFor={id} className="visually-hidden">
        {label ?? t('list.search')}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}

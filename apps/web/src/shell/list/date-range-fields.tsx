import { useTranslation } from 'react-i18next';
import { DateField } from '../form/date-field';
import styles from './list.module.css';

/** `to` before `from` (both `YYYY-MM-DD`, so they compare as text). */
export const rangeIsReversed = (filters: Record<string, string>) =>
  Boolean(filters.from && filters.to && filters.from > filters.to);

/** From and To (UTC days, both included) of a list's filter; a reversed range is an error on To. */
export function DateRangeFields({
  filters,
  onChange,
}: {
  filters: Record<string, string>;
  onChange: (changes: Record<string, string>) => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.dateRange}>
      <DateField
        className={styles.dateFilter}
        label={t('list.from')}
        value={filters.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <DateField
        className={styles.dateFilter}
        label={t('list.to')}
        value={filters.to ?? ''}
        error={rangeIsReversed(filters) ? t('list.endBeforeStart') : undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { TextField } from '../../shell/form/text-field';
import styles from './invoices.module.css';
import './texts';

/** `to` before `from` (both `YYYY-MM-DD`, so they compare as text). */
export const rangeIsReversed = (filters: Record<string, string>) =>
  Boolean(filters.from && filters.to && filters.from > filters.to);

/** From and To days (both included) of a money list's filter; a reversed range is an error on To. */
export function DateRangeFields({
  filters,
  onChange,
}: {
  filters: Record<string, string>;
  onChange: (changes: Record<string, string>) => void;
}) {
  const { t } = useTranslation('invoices');
  return (
    <>
      <TextField
        className={styles.filter}
        type="date"
        label={t('filters.from')}
        value={filters.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        className={styles.filter}
        type="date"
        label={t('filters.to')}
        value={filters.to ?? ''}
        error={rangeIsReversed(filters) ? t('filters.endBeforeStart') : undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </>
  );
}

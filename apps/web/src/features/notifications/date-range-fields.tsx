import { useTranslation } from 'react-i18next';
import { TextField } from '../../shell/form/text-field';
import { rangeIsReversed } from './list-params';
import styles from './notifications.module.css';

/** From and To (UTC days, both included) of a list filter; a reversed range is an error on To. */
export function DateRangeFields({
  filters,
  onChange,
}: {
  filters: Record<string, string>;
  onChange: (changes: Record<string, string>) => void;
}) {
  const { t } = useTranslation('notifications');
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
        error={rangeIsReversed(filters) ? t('messages.endBeforeStart') : undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </>
  );
}

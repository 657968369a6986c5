import { useTranslation } from 'react-i18next';
import type { MetricKey } from './report-metrics';
import styles from './reports.module.css';

/**
 * Which figures are the report's columns: a checkbox for each of `keys`, in a disclosure
 * 'Columns (n of m)'. The last one shown cannot be unticked (a report shows at least one figure).
 */
export function ReportColumnPicker<K extends MetricKey>({
  keys,
  columns,
  legend,
  onChange,
}: {
  keys: readonly K[];
  columns: readonly K[];
  /** What the choice applies to (the advertiser's: the table, the summary and the exports). */
  legend?: string;
  onChange: (columns: K[]) => void;
}) {
  const { t } = useTranslation('reports');
  const shown = new Set(columns);
  const toggle = (key: K, on: boolean) =>
    onChange(on ? [...columns, key] : columns.filter((column) => column !== key));
  return (
    <details className={styles.picker}>
      <summary className={styles.pickerSummary}>
        {t('columns.label', { count: columns.length, total: keys.length })}
      </summary>
      <fieldset className={styles.pickerList}>
        <legend className={styles.note}>{legend ?? t('columns.legend')}</legend>
        {keys.map((key) => {
          const last = shown.has(key) && columns.length === 1;
          return (
            <label key={key} className={styles.check} title={last ? t('columns.lastOne') : undefined}>
              <input
                type="checkbox"
                checked={shown.has(key)}
                disabled={last}
                aria-describedby={last ? 'report-columns-last' : undefined}
                onChange={(event) => toggle(key, event.target.checked)}
              />
              {t(`metrics.${key}`)}
            </label>
          );
        })}
        {columns.length === 1 && (
          <p id="report-columns-last" className={styles.note}>
            {t('columns.lastOne')}
          </p>
        )}
        <p className={styles.note}>{t('columns.sources')}</p>
        <p className={styles.note}>{t('columns.outcome')}</p>
      </fieldset>
    </details>
  );
}

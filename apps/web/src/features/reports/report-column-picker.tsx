import { type ReportMetricKey, reportMetricKeys } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import styles from './reports.module.css';

/**
 * Which figures are the report's columns: a checkbox each, in a disclosure. The last one shown
 * cannot be unticked (a report shows at least one figure).
 */
export function ReportColumnPicker({
  columns,
  onChange,
}: {
  columns: readonly ReportMetricKey[];
  onChange: (columns: ReportMetricKey[]) => void;
}) {
  const { t } = useTranslation('reports');
  const shown = new Set(columns);
  const toggle = (key: ReportMetricKey, on: boolean) =>
    onChange(on ? [...columns, key] : columns.filter((column) => column !== key));
  return (
    <details className={styles.picker}>
      <summary className={styles.pickerSummary}>
        {t('columns.label', { count: columns.length, total: reportMetricKeys.length })}
      </summary>
      <fieldset className={styles.pickerList}>
        <legend className={styles.note}>{t('columns.legend')}</legend>
        {reportMetricKeys.map((key) => {
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
      </fieldset>
    </details>
  );
}

import { type AgencyReportMetricKey, agencyReportMetricKeys } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { metricLabel } from './agency-report-metrics';
import styles from './agency-reporting.module.css';

/** The figures the table shows and the exports hold; the last one shown cannot be hidden. */
export function ColumnPicker({
  columns,
  onToggle,
}: {
  columns: AgencyReportMetricKey[];
  onToggle: (key: AgencyReportMetricKey, shown: boolean) => void;
}) {
  const { t } = useTranslation('agency-reporting');
  return (
    <details className={styles.picker}>
      <summary className={styles.pickerSummary}>
        {t('columns.button', { shown: columns.length, all: agencyReportMetricKeys.length })}
      </summary>
      <fieldset className={styles.pickerList}>
        <legend className="visually-hidden">{t('columns.legend')}</legend>
        {agencyReportMetricKeys.map((key) => {
          const shown = columns.includes(key);
          return (
            <label key={key} className={styles.pickerItem}>
              <input
                type="checkbox"
                checked={shown}
                disabled={shown && columns.length === 1}
                onChange={(event) => onToggle(key, event.target.checked)}
              />
              {metricLabel(t, key)}
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}

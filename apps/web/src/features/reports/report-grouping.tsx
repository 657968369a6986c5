import {
  REPORT_HOUR_MAX_DAYS,
  type ReportDimension,
  type ReportTimeGrouping,
  reportDimensions,
  reportTimeGroupings,
} from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shell/form/select-field';
import type { ReportSearchChange } from './report-params';
import styles from './reports.module.css';

/**
 * How the report splits: by time (the whole period, hours, days, ISO weeks or months) and by
 * one dimension. Hours are offered for periods of at most REPORT_HOUR_MAX_DAYS days; by product,
 * a hint says what its rows count.
 */
export function ReportGrouping({
  time,
  by,
  days,
  onChange,
}: {
  time: ReportTimeGrouping;
  by: ReportDimension;
  /** How many days the period covers; unknown while the API's default period is not known yet. */
  days: number | undefined;
  onChange: (changes: ReportSearchChange) => void;
}) {
  const { t } = useTranslation('reports');
  const hourTooLong = days !== undefined && days > REPORT_HOUR_MAX_DAYS;
  return (
    <div className={styles.fields}>
      <SelectField
        className={styles.field}
        label={t('grouping.time')}
        value={time}
        hint={hourTooLong ? t('grouping.hourTooLong', { days: REPORT_HOUR_MAX_DAYS }) : undefined}
        onChange={(event) => onChange({ time: event.target.value as ReportTimeGrouping })}
        options={reportTimeGroupings.map((value) => ({
          value,
          label: t(`times.${value}`),
          disabled: value === 'hour' && hourTooLong,
        }))}
      />
      <SelectField
        className={styles.field}
        label={t('grouping.by')}
        value={by}
        hint={by === 'product' ? t('grouping.productHint') : undefined}
        onChange={(event) => onChange({ by: event.target.value as ReportDimension })}
        options={reportDimensions.map((value) => ({ value, label: t(`dimensions.${value}`) }))}
      />
    </div>
  );
}

import { REPORT_HOUR_MAX_DAYS, type ReportTimeGrouping, reportTimeGroupings } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shell/form/select-field';
import { daysIn, type Period } from './report-periods';
import styles from './reports.module.css';

/**
 * How the report splits: by time (the whole period, hours, days, ISO weeks or months) and by
 * one of `dimensions` (the advertiser's report: campaign, creative, country...; the agency's:
 * advertiser or campaign). Hours are offered for periods of at most REPORT_HOUR_MAX_DAYS days;
 * `timeError` is the API's refusal of the time split chosen (hours over a longer period); by
 * product, a hint says what its rows count.
 */
export function ReportGrouping<D extends string>({
  time,
  by,
  dimensions,
  period: { from, to },
  timeError,
  onChange,
}: {
  time: ReportTimeGrouping;
  by: D;
  dimensions: readonly D[];
  /** The period shown (its days are unknown while the API's default period is not known yet). */
  period: Partial<Period>;
  timeError?: string | undefined;
  onChange: (changes: { time?: ReportTimeGrouping; by?: D }) => void;
}) {
  const { t } = useTranslation('reports');
  const hourTooLong = Boolean(from && to && from <= to && daysIn({ from, to }) > REPORT_HOUR_MAX_DAYS);
  return (
    <div className={styles.fields}>
      <SelectField
        className={styles.field}
        label={t('grouping.time')}
        value={time}
        error={timeError}
        hint={hourTooLong ? t('grouping.hourTooLong', { days: REPORT_HOUR_MAX_DAYS }) : undefined}
        onChange={(event) => onChange({ time: event.target.value as ReportTimeGrouping })}
        options={reportTimeGroupings.map((value) => ({
          value,
          label: t(`times.${value}`),
          // The choice made stays selectable, so that its refusal shows on it.
          disabled: value === 'hour' && hourTooLong && time !== 'hour',
        }))}
      />
      <SelectField
        className={styles.field}
        label={t('grouping.by')}
        value={by}
        hint={by === 'product' ? t('grouping.productHint') : undefined}
        onChange={(event) => onChange({ by: event.target.value as D })}
        options={dimensions.map((value) => ({ value, label: t(`dimensions.${value}`) }))}
      />
    </div>
  );
}

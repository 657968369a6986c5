import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import type { Period } from '../reports/report-periods';
import { agencyPresetOf, agencyPresetPeriod, agencyPresets } from './agency-periods';
import styles from './agency-reporting.module.css';

const FROM_ID = 'agency-report-from';

/**
 * The report's period: a preset counted from today in the browser's time zone, or any days
 * typed or picked (Custom). `error` is what the API would refuse about it, on its field.
 */
export function PeriodFilter({
  period,
  today,
  error,
  onChange,
}: {
  /** The period shown: the one asked for, else the one the API answered (its default). */
  period: Partial<Period>;
  today: string;
  error?: { path: 'from' | 'to'; text: string };
  onChange: (period: Period) => void;
}) {
  const { t } = useTranslation('agency-reporting');
  const { from = '', to = '' } = period;
  const active = from && to ? agencyPresetOf({ from, to }, today) : undefined;
  const custom = Boolean(from && to) && active === undefined;
  const pressed = (on: boolean) =>
    ({ variant: on ? 'primary' : 'outline', color: on ? 'primary' : 'white', 'aria-pressed': on }) as const;

  return (
    <div className={styles.period}>
      <fieldset className={styles.presets}>
        <legend className="visually-hidden">{t('filters.period')}</legend>
        {agencyPresets.map((preset) => (
          <Button
            key={preset}
            size="small"
            {...pressed(active === preset)}
            onClick={() => onChange(agencyPresetPeriod(preset, today))}
          >
            {t(`presets.${preset}`)}
          </Button>
        ))}
        <Button size="small" {...pressed(custom)} onClick={() => document.getElementById(FROM_ID)?.focus()}>
          {t('presets.custom')}
        </Button>
      </fieldset>
      <div className={styles.fields}>
        {/* A report always has a period: a field being cleared to type another day changes nothing yet. */}
        <DateField
          id={FROM_ID}
          className={styles.field}
          label={t('filters.from')}
          value={from}
          error={error?.path === 'from' ? error.text : undefined}
          onChange={(event) => event.target.value && onChange({ from: event.target.value, to: to || today })}
        />
        <DateField
          className={styles.field}
          label={t('filters.to')}
          value={to}
          error={error?.path === 'to' ? error.text : undefined}
          onChange={(event) =>
            event.target.value && onChange({ from: from || today, to: event.target.value })
          }
        />
      </div>
    </div>
  );
}

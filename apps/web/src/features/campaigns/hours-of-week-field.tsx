import { HOURS_PER_WEEK } from '@rtb/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import formStyles from '../../shell/form/form.module.css';
import styles from './campaigns.module.css';
import { HoursGrid } from './hours-grid';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);
const everyDay = (from: number, to: number, days = range(0, 7)) =>
  days.flatMap((day) => range(day * 24 + from, day * 24 + to));

/** Presets of the grid: every hour, Monday to Friday 9-17, every evening 18-24. */
export const hourPresets = {
  all: range(0, HOURS_PER_WEEK),
  working: everyDay(9, 17, range(0, 5)),
  evenings: everyDay(18, 24),
} as const;

/**
 * When the campaign may serve: at every hour (null), or at the hours of the week chosen in the
 * grid, in the advertiser's time zone (named).
 */
export function HoursOfWeekField({
  value,
  onChange,
  timeZone,
  error,
  disabled,
}: {
  value: number[] | null;
  onChange: (hours: number[] | null) => void;
  timeZone: string;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('form.hours')}</legend>
      <div className={styles.radios}>
        <label className={styles.radio}>
          <input
            type="radio"
            name={name}
            checked={value === null}
            disabled={disabled}
            onChange={() => onChange(null)}
          />
          <span>{t('form.allHours')}</span>
        </label>
        <label className={styles.radio}>
          <input
            type="radio"
            name={name}
            checked={value !== null}
            disabled={disabled}
            onChange={() => onChange([...hourPresets.working])}
          />
          <span>{t('form.chosenHours')}</span>
        </label>
      </div>
      {value !== null && (
        <>
          <p className={styles.hint}>{t('form.hoursHint', { timeZone })}</p>
          <div className={styles.presets}>
            {(Object.keys(hourPresets) as (keyof typeof hourPresets)[]).map((preset) => (
              <Button
                key={preset}
                size="small"
                variant="outline"
                color="white"
                disabled={disabled}
                onClick={() => onChange([...hourPresets[preset]])}
              >
                {t(`form.presets.${preset}`)}
              </Button>
            ))}
            <Button
              size="small"
              variant="outline"
              color="white"
              disabled={disabled}
              onClick={() => onChange([])}
            >
              {t('form.presets.none')}
            </Button>
          </div>
          <HoursGrid value={value} onChange={onChange} disabled={disabled} />
          <p className={styles.hint} aria-live="polite">
            {t('form.hoursCount', { count: value.length })}
          </p>
        </>
      )}
      {error && (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

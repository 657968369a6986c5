import type { ReportRangeIssue } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../lib/error-text';
import { ToggleButton } from '../../shell/button/toggle-button';
import { DateField } from '../../shell/form/date-field';
import { type Period, presetOf, presetPeriod, reportPresets } from './report-periods';
import styles from './reports.module.css';

/**
 * A report's period: the presets row (counted back from `today`; the one that covers the period
 * pressed) and Custom, which leads to the From and To days. `issue` is what the API would refuse
 * about the period, on its field; `children` are the report's other filters, beside the days.
 */
export function ReportPeriod({
  period,
  today,
  issue,
  onChange,
  children,
}: {
  /** The period shown: the one asked for, else the one the API answered (its default). */
  period: Partial<Period>;
  today: string;
  issue: { path: 'from' | 'to'; text: string } | null;
  onChange: (period: Period) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const fromField = useRef<HTMLDivElement>(null);
  const { from = '', to = '' } = period;
  const active = from && to ? presetOf({ from, to }, today) : undefined;
  const custom = Boolean(from && to) && active === undefined;

  return (
    <>
      <fieldset className={styles.presets}>
        <legend className="visually-hidden">{t('filters.period')}</legend>
        {reportPresets.map((preset) => (
          <ToggleButton
            key={preset}
            pressed={active === preset}
            onClick={() => onChange(presetPeriod(preset, today))}
          >
            {t(`presets.${preset}`)}
          </ToggleButton>
        ))}
        <ToggleButton pressed={custom} onClick={() => fromField.current?.querySelector('input')?.focus()}>
          {t('filters.custom')}
        </ToggleButton>
      </fieldset>
      <div className={styles.fields}>
        {/* A report always has a period: a field being cleared to type another day changes nothing yet. */}
        <div ref={fromField} className={styles.field}>
          <DateField
            label={t('filters.from')}
            value={from}
            error={issue?.path === 'from' ? issue.text : undefined}
            onChange={(event) =>
              event.target.value && onChange({ from: event.target.value, to: to || today })
            }
          />
        </div>
        <DateField
          className={styles.field}
          label={t('filters.to')}
          value={to}
          error={issue?.path === 'to' ? issue.text : undefined}
          onChange={(event) =>
            event.target.value && onChange({ from: from || today, to: event.target.value })
          }
        />
        {children}
      </div>
    </>
  );
}

/** A period the API would refuse (`reportRangeIssue`), in the interface language by its code, on its field. */
export interface PeriodIssues {
  /** On the day it concerns (ReportPeriod's `issue`). */
  issue: { path: 'from' | 'to'; text: string } | null;
  /** Hours over a longer period: the time split's fault, said there (ReportGrouping's `timeError`). */
  timeError: string | undefined;
}

export function periodIssues(found: ReportRangeIssue | null, t: TFunction): PeriodIssues {
  if (!found) return { issue: null, timeError: undefined };
  const text = issueText(t, found);
  return found.code === 'reports.hour_range_too_long'
    ? { issue: null, timeError: text }
    : { issue: { path: found.path, text }, timeError: undefined };
}

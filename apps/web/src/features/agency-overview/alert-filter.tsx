import { type OverviewAlert, overviewAlerts } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { ToggleButton } from '../../shell/button/toggle-button';
import styles from './agency-overview.module.css';

export type AlertChoice = OverviewAlert | 'any' | null;

/**
 * Which clients to show: all, those with any alert, or those with one kind of alert; each
 * choice with how many clients it holds (a kind no client has is left out).
 */
export function AlertFilter({
  counts,
  attention,
  value,
  onChange,
}: {
  counts: Map<OverviewAlert, number>;
  attention: number;
  value: AlertChoice;
  onChange: (value: AlertChoice) => void;
}) {
  const { t } = useTranslation('agency-overview');
  const choices: { value: AlertChoice; label: string }[] = [
    { value: null, label: t('filter.all') },
    { value: 'any', label: t('filter.attention', { count: attention }) },
    ...overviewAlerts.flatMap((alert) => {
      const count = counts.get(alert) ?? 0;
      return count
        ? [{ value: alert, label: t('filter.alert', { alert: t(`alerts.${alert}`), count }) }]
        : [];
    }),
  ];
  return (
    <fieldset className={styles.alertFilter}>
      <legend className="visually-hidden">{t('filter.legend')}</legend>
      {choices.map((choice) => (
        <ToggleButton
          key={choice.value ?? 'all'}
          pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </ToggleButton>
      ))}
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format';
import { higherIsBetter, type MetricKey } from './report-metrics';
import styles from './reports.module.css';

/** The change from `previous` to `current` in %, or null when there is nothing to compare with (no figure, or 0 before). */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/**
 * A figure's change on the previous period: an arrow, the signed % and words for screen
 * readers (so it never rests on colour alone); green when it is good news, red when bad, plain
 * when neither. A dash when the previous period had nothing to compare with.
 */
export function ReportChange({
  metric,
  current,
  previous,
}: {
  metric: MetricKey;
  current: number | null;
  previous: number | null;
}) {
  const { t } = useTranslation('reports');
  const change = changeOf(current, previous);
  if (change === null)
    return (
      <span className={styles.change}>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('summary.noChange')}</span>
      </span>
    );
  const rounded = Math.round(change * 100) / 100;
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'same';
  const better = higherIsBetter[metric];
  const tone =
    direction === 'same' || better === null ? 'neutral' : (direction === 'up') === better ? 'good' : 'bad';
  const amount = formatPercent(Math.abs(rounded));
  return (
    <span className={styles.change} data-tone={tone}>
      <span aria-hidden="true">
        {direction === 'up' ? '▲ +' : direction === 'down' ? '▼ −' : '● '}
        {amount}
      </span>
      <span className="visually-hidden">{t(`summary.${direction}`, { change: amount })}</span>
    </span>
  );
}

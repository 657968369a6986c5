import type { ReportDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay, formatNumber } from '../../lib/format';
import { campaignSpend } from '../campaigns/campaign-money';
import styles from './reports.module.css';

const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const MICROS = 1_000_000;

/**
 * Impressions (bars, left axis) and spend (line, right axis) of every day of the period.
 * Screen readers get the caption and a table of the same figures.
 */
export function ReportChart({ report }: { report: ReportDto }) {
  const { t } = useTranslation('reports');
  const spend = (micros: number) => campaignSpend(micros, report.currency);
  const data = report.days.map((day) => ({ ...day, spend: day.spendMicros / MICROS }));
  return (
    <figure className={styles.card} aria-labelledby="report-chart-heading">
      <h2 id="report-chart-heading" className={styles.cardHeading}>
        {t('chart.heading')}
      </h2>
      <figcaption className={styles.note}>
        {t('chart.caption', {
          from: formatDay(report.from),
          to: formatDay(report.to),
          impressions: formatNumber(report.totals.impressions),
          spend: spend(report.totals.spendMicros),
        })}
      </figcaption>
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} minTickGap={16} />
            <YAxis
              yAxisId="impressions"
              tickFormatter={(value: number) => formatNumber(value, { notation: 'compact' })}
              width={48}
            />
            <YAxis
              yAxisId="spend"
              orientation="right"
              tickFormatter={(value: number) => formatNumber(value, { notation: 'compact' })}
              width={48}
            />
            <Tooltip
              labelFormatter={(label) => formatDay(String(label))}
              formatter={(value, name) =>
                name === 'spend'
                  ? [spend(Number(value) * MICROS), t('metrics.spend')]
                  : [formatNumber(Number(value)), t('metrics.impressions')]
              }
            />
            <Bar yAxisId="impressions" dataKey="impressions" fill="#93c5fd" isAnimationActive={false} />
            <Line
              yAxisId="spend"
              type="monotone"
              dataKey="spend"
              stroke="#16a34a"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <table className="visually-hidden">
        <caption>{t('chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('byDay.day')}</th>
            <th scope="col">{t('metrics.impressions')}</th>
            <th scope="col">{t('metrics.spend')}</th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              <td>{formatNumber(day.impressions)}</td>
              <td>{spend(day.spendMicros)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

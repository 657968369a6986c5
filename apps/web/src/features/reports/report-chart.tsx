import type { ReportDto, ReportMetricKey, ReportPointDto } from '@rtb/shared';
import { reportMetricKeys } from '@rtb/shared';
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
import { useCurrencyOf } from '../../account/reference-data';
import { formatDay, formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { SelectField } from '../../shell/form/select-field';
import { roundTicks } from './chart-ticks';
import { chartValue, formatMetric, isCount, MetricValue } from './report-metrics';
import { type ChartType, chartTypes, type ReportSearchChange } from './report-params';
import { periodLabel, periodTick } from './report-period-label';
import styles from './reports.module.css';

type Series = 'a' | 'b' | 'pa' | 'pb';
const colours = { a: '#15803d', b: '#2563eb' } as const;
const DASH = '6 4';

/**
 * One or two figures (the second on a right axis) over the report's time buckets, as lines
 * (straight between the buckets: nothing drawn that no bucket holds) or bars, each value axis in
 * round steps and the time labels thinned evenly from the first bucket; with a comparison, the
 * previous period's buckets as dashed series of the same colours.
 * The chart itself is hidden from screen readers: they get its caption and a table of the same
 * figures (the report's table below has them too).
 */
export function ReportChart({
  report,
  metric,
  metric2,
  type,
  onChange,
}: {
  report: ReportDto;
  metric: ReportMetricKey;
  metric2: ReportMetricKey | undefined;
  type: ChartType;
  onChange: (changes: ReportSearchChange) => void;
}) {
  const { t } = useTranslation('reports');
  const currency = useCurrencyOf()(report.currency);
  const second = metric2 !== metric ? metric2 : undefined;
  const time = report.time === 'none' ? 'day' : report.time;
  const previous = report.previous;
  const metricOf = (series: Series) => (series === 'a' || series === 'pa' ? metric : (second ?? metric));
  const pointOf = (series: Series, index: number): ReportPointDto | undefined =>
    series.startsWith('p') ? previous?.chart[index] : report.chart[index];
  const data = report.chart.map((point, index) => ({
    index,
    period: point.period,
    a: chartValue(metric, point[metric]),
    b: second ? chartValue(second, point[second]) : null,
    pa: previous ? chartValue(metric, previous.chart[index]?.[metric] ?? null) : null,
    pb: previous && second ? chartValue(second, previous.chart[index]?.[second] ?? null) : null,
  }));
  const name = (series: Series) =>
    series.startsWith('p')
      ? t('chart.previousSeries', { metric: t(`metrics.${metricOf(series)}`) })
      : t(`metrics.${metricOf(series)}`);
  const shown: Series[] = [
    'a',
    ...(previous ? (['pa'] as const) : []),
    ...(second ? (['b'] as const) : []),
    ...(previous && second ? (['pb'] as const) : []),
  ];
  const label = (m: ReportMetricKey) => t(`metrics.${m}`);
  // Each value axis from 0 in round steps, up to the highest value of its series.
  const ticksOf = (series: readonly Series[], m: ReportMetricKey) =>
    roundTicks(Math.max(0, ...data.flatMap((point) => series.map((s) => point[s] ?? 0))), {
      whole: isCount(m),
    });
  const ticksA = ticksOf(['a', 'pa'], metric);
  const ticksB = second ? ticksOf(['b', 'pb'], second) : [];
  const compact = (value: number) => formatNumber(value, { notation: 'compact' });

  return (
    <figure className={styles.card} aria-labelledby="report-chart-heading">
      <h2 id="report-chart-heading" className={styles.cardHeading}>
        {t('chart.heading')}
      </h2>
      <fieldset className={styles.controls}>
        <legend className="visually-hidden">{t('chart.controls')}</legend>
        <SelectField
          className={styles.field}
          label={t('chart.metric')}
          value={metric}
          onChange={(event) => onChange({ metric: event.target.value as ReportMetricKey })}
          options={reportMetricKeys.map((value) => ({ value, label: label(value) }))}
        />
        <SelectField
          className={styles.field}
          label={t('chart.metric2')}
          value={second ?? ''}
          onChange={(event) => onChange({ metric2: (event.target.value || undefined) as ReportMetricKey })}
          options={[
            { value: '', label: t('chart.noMetric') },
            ...reportMetricKeys
              .filter((value) => value !== metric)
              .map((value) => ({ value, label: label(value) })),
          ]}
        />
        <fieldset className={styles.presets}>
          <legend className={styles.legend}>{t('chart.type')}</legend>
          {chartTypes.map((value) => (
            <Button
              key={value}
              size="small"
              variant={type === value ? 'primary' : 'outline'}
              color={type === value ? 'primary' : 'white'}
              aria-pressed={type === value}
              onClick={() => onChange({ chart: value })}
            >
              {t(`chart.${value}`)}
            </Button>
          ))}
        </fieldset>
      </fieldset>
      <figcaption className={styles.note}>
        {t('chart.caption', {
          metrics: second ? t('chart.and', { first: label(metric), second: label(second) }) : label(metric),
          grouping: t(`chart.groupings.${report.time}`),
          from: formatDay(report.from),
          to: formatDay(report.to),
        })}{' '}
        {previous &&
          `${t('chart.captionPrevious', { from: formatDay(previous.from), to: formatDay(previous.to) })} `}
        {t('chart.captionTable')}
      </figcaption>
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="period"
              tickFormatter={(period: string) => periodTick(period, time)}
              interval="equidistantPreserveStart"
              minTickGap={16}
            />
            <YAxis
              yAxisId="a"
              ticks={ticksA}
              domain={[0, ticksA.at(-1) ?? 1]}
              tickFormatter={compact}
              width={56}
            />
            {second && (
              <YAxis
                yAxisId="b"
                orientation="right"
                ticks={ticksB}
                domain={[0, ticksB.at(-1) ?? 1]}
                tickFormatter={compact}
                width={56}
              />
            )}
            <Tooltip
              labelFormatter={(period) => periodLabel(String(period), time, t)}
              formatter={(_value, _name, item) => {
                const series = item.dataKey as Series;
                const point = pointOf(series, Number(item.payload?.index));
                const m = metricOf(series);
                return [formatMetric(m, point?.[m] ?? null, currency) ?? '–', name(series)];
              }}
            />
            {shown.map((series) => {
              const axis = series === 'a' || series === 'pa' ? 'a' : 'b';
              const dashed = series.startsWith('p');
              const colour = colours[axis];
              return type === 'bar' ? (
                <Bar
                  key={series}
                  yAxisId={axis}
                  dataKey={series}
                  name={name(series)}
                  fill={dashed ? 'transparent' : colour}
                  fillOpacity={dashed ? 1 : 0.75}
                  stroke={colour}
                  strokeDasharray={dashed ? DASH : undefined}
                  isAnimationActive={false}
                />
              ) : (
                <Line
                  key={series}
                  yAxisId={axis}
                  type="linear"
                  dataKey={series}
                  name={name(series)}
                  stroke={colour}
                  strokeWidth={2}
                  strokeDasharray={dashed ? DASH : undefined}
                  strokeOpacity={dashed ? 0.7 : 1}
                  dot={false}
                  isAnimationActive={false}
                />
              );
            })}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <table className="visually-hidden">
        <caption>{t('chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.period')}</th>
            {shown.map((series) => (
              <th key={series} scope="col">
                {name(series)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.chart.map((point, index) => (
            <tr key={point.period}>
              <th scope="row">{periodLabel(point.period, time, t)}</th>
              {shown.map((series) => {
                const m = metricOf(series);
                return (
                  <td key={series}>
                    <MetricValue metric={m} value={pointOf(series, index)?.[m] ?? null} currency={currency} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

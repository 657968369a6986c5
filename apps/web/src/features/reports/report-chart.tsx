import type { ReportDto, ReportMetricKey } from '@rtb/shared';
import { isSeriesDimension, reportMetricKeys } from '@rtb/shared';
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
import { ToggleButton } from '../../shell/button/toggle-button';
import { ChartLegend } from '../../shell/chart-legend/chart-legend';
import { roundTicks } from '../../shell/chart-ticks';
import { SelectField } from '../../shell/form/select-field';
import { DASH, seriesOf } from './chart-series';
import { chartValue, formatMetric, isCount, MetricValue } from './report-metrics';
import {
  type ChartLines,
  type ChartType,
  chartLines,
  chartTypes,
  type ReportSearchChange,
} from './report-params';
import { periodLabel, periodTick } from './report-period-label';
import styles from './reports.module.css';

/** What the chart draws from: a report's period, grouping, buckets, comparison and lines per group (the agency's report gives one of each currency). */
export type ChartReport = Pick<ReportDto, 'currency' | 'from' | 'to' | 'time' | 'by' | 'chart' | 'series'> & {
  previous: Pick<NonNullable<ReportDto['previous']>, 'from' | 'to' | 'chart'> | null;
};

/**
 * One or two figures (the second on a right axis) over the report's time buckets, or, split by a
 * dimension, a line per top group and one for the rest ('Total' or 'By <dimension>', a switch);
 * as lines (straight between the buckets: nothing drawn that no bucket holds) or bars, each value
 * axis in round steps and the time labels thinned evenly from the first bucket; with a
 * comparison, the previous period's buckets as dashed series of the same colours (not by group).
 * More than one line or set of bars is named in a legend. The chart itself is hidden from screen readers: they get its caption, its legend and a table
 * of the same figures (the report's table below has them too).
 */
export function ReportChart({
  report,
  metric,
  metric2,
  type,
  lines = 'groups',
  onChange,
}: {
  report: ChartReport;
  metric: ReportMetricKey;
  metric2: ReportMetricKey | undefined;
  type: ChartType;
  /** The switch's choice when split by a dimension (`chartByGroup`: a line per group unless the total or a second metric is asked for). */
  lines?: ChartLines;
  onChange: (changes: ReportSearchChange) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const currency = useCurrencyOf()(report.currency);
  const second = metric2 !== metric ? metric2 : undefined;
  const time = report.time === 'none' ? 'day' : report.time;
  const byGroup = report.series !== null;
  const previous = byGroup ? null : report.previous;
  const shown = seriesOf(report, metric, second, t, i18n.language);
  const data = report.chart.map((point, index) => ({
    index,
    period: point.period,
    ...Object.fromEntries(
      shown.map((series) => [series.id, chartValue(series.metric, series.valueAt(index))]),
    ),
  }));
  const label = (m: ReportMetricKey) => t(`metrics.${m}`);
  // Each value axis from 0 in round steps, up to the highest value of its series.
  const ticksOf = (axis: 'a' | 'b') => {
    const onAxis = shown.filter((series) => series.axis === axis);
    const max = Math.max(
      0,
      ...onAxis.flatMap((series) =>
        report.chart.map((_, index) => chartValue(series.metric, series.valueAt(index)) ?? 0),
      ),
    );
    return roundTicks(max, { whole: onAxis.every((series) => isCount(series.metric)) });
  };
  const ticksA = ticksOf('a');
  const ticksB = second && !byGroup ? ticksOf('b') : [];
  const compact = (value: number) => formatNumber(value, { notation: 'compact' });
  // Room at each end for half a time label (centred on its bucket): at most 10 px a character, at
  // the largest root font size. Without it the last label would stick out of the chart, so it was
  // left out and the labels thinned until none fell at the end (a week showed 2 of its 7 days).
  const labelEdge = Math.ceil((periodTick(report.chart[0]?.period ?? report.from, time).length * 10) / 2);
  const drawn = report.series?.metric ?? metric;

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
          hint={byGroup ? t('chart.metric2ByGroup') : undefined}
          onChange={(event) => onChange({ metric2: (event.target.value || undefined) as ReportMetricKey })}
          options={[
            { value: '', label: t('chart.noMetric') },
            ...reportMetricKeys
              .filter((value) => value !== metric)
              .map((value) => ({ value, label: label(value) })),
          ]}
        />
        {isSeriesDimension(report.by) && (
          <fieldset className={styles.presets}>
            <legend className={styles.legend}>{t('chart.lines')}</legend>
            {chartLines.map((value) => (
              <ToggleButton
                key={value}
                pressed={lines === value}
                // A line per group is of one figure: choosing it drops the second.
                onClick={() =>
                  onChange(value === 'groups' ? { lines: value, metric2: undefined } : { lines: value })
                }
              >
                {value === 'total' ? t('chart.total') : t(`chart.byGroup.${report.by}`)}
              </ToggleButton>
            ))}
          </fieldset>
        )}
        <fieldset className={styles.presets}>
          <legend className={styles.legend}>{t('chart.type')}</legend>
          {chartTypes.map((value) => (
            <ToggleButton key={value} pressed={type === value} onClick={() => onChange({ chart: value })}>
              {t(`chart.${value}`)}
            </ToggleButton>
          ))}
        </fieldset>
      </fieldset>
      <figcaption className={styles.note}>
        {t('chart.caption', {
          metrics:
            second && !byGroup
              ? t('chart.and', { first: label(metric), second: label(second) })
              : label(drawn),
          grouping: t(`chart.groupings.${report.time}`),
          from: formatDay(report.from),
          to: formatDay(report.to),
        })}{' '}
        {report.series &&
          `${t('chart.captionGroups', { count: report.series.groups.length })} ${report.series.other ? `${t('chart.captionOther')} ` : ''}`}
        {previous &&
          `${t('chart.captionPrevious', { from: formatDay(previous.from), to: formatDay(previous.to) })} `}
        {t('chart.captionTable')}
      </figcaption>
      {shown.length > 1 && <ChartLegend label={t('chart.legend')} entries={shown} />}
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
              padding={{ left: labelEdge, right: labelEdge }}
            />
            <YAxis
              yAxisId="a"
              ticks={ticksA}
              domain={[0, ticksA.at(-1) ?? 1]}
              tickFormatter={compact}
              width={56}
            />
            {ticksB.length > 0 && (
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
                const series = shown.find((s) => s.id === item.dataKey);
                if (!series) return ['–', ''];
                const value = series.valueAt(Number(item.payload?.index));
                return [formatMetric(series.metric, value, currency) ?? '–', series.name];
              }}
            />
            {shown.map((series) =>
              type === 'bar' ? (
                <Bar
                  key={series.id}
                  yAxisId={series.axis}
                  dataKey={series.id}
                  name={series.name}
                  fill={series.dash === DASH ? 'transparent' : series.colour}
                  fillOpacity={series.dash === DASH ? 1 : 0.75}
                  stroke={series.colour}
                  strokeDasharray={series.dash}
                  isAnimationActive={false}
                />
              ) : (
                <Line
                  key={series.id}
                  yAxisId={series.axis}
                  type="linear"
                  dataKey={series.id}
                  name={series.name}
                  stroke={series.colour}
                  strokeWidth={2}
                  strokeDasharray={series.dash}
                  strokeOpacity={series.dash === DASH ? 0.7 : 1}
                  dot={false}
                  isAnimationActive={false}
                />
              ),
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>{t('chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.period')}</th>
              {shown.map((series) => (
                <th key={series.id} scope="col">
                  {series.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.chart.map((point, index) => (
              <tr key={point.period}>
                <th scope="row">{periodLabel(point.period, time, t)}</th>
                {shown.map((series) => (
                  <td key={series.id}>
                    <MetricValue metric={series.metric} value={series.valueAt(index)} currency={currency} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

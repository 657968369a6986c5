import type { ReportDto, ReportMetricKey } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { dimensionLabel } from './report-dimension-cell';

const colours = { a: '#15803d', b: '#2563eb' } as const;
/**
 * The groups' lines: hues far apart, each at least 3:1 against the white card (WCAG's contrast
 * for graphics); 'Other' grey and dotted, so that it reads as the rest without its colour.
 */
const groupColours = ['#1d4ed8', '#c2410c', '#15803d', '#7e22ce', '#be123c', '#0e7490'] as const;
const otherColour = '#57534e';
/** The previous period's dashes. */
export const DASH = '6 4';
const DOTS = '2 3';

/** A line (or bars) of the chart: its figure at each bucket, its name, axis, colour and dashes. */
interface ChartSeries {
  id: string;
  name: string;
  metric: ReportMetricKey;
  axis: 'a' | 'b';
  colour: string;
  dash?: string;
  valueAt: (index: number) => number | null;
}

/**
 * The chart's series. Split by a dimension with the lines per group asked (`report.series`): a
 * line per top group of the figure and one for the rest ('Other'), named as the table's rows.
 * Else one or two figures (the second on the right axis) and, with a comparison, the previous
 * period's as dashed series of the same colours.
 */
export function seriesOf(
  report: Pick<ReportDto, 'by' | 'chart' | 'series'> & {
    previous: Pick<NonNullable<ReportDto['previous']>, 'chart'> | null;
  },
  metric: ReportMetricKey,
  second: ReportMetricKey | undefined,
  t: TFunction,
  language: string,
): ChartSeries[] {
  const { series, previous } = report;
  if (series) {
    const line = (id: string, name: string, colour: string, values: readonly (number | null)[]) => ({
      id,
      name,
      metric: series.metric,
      axis: 'a' as const,
      colour,
      valueAt: (index: number) => values[index] ?? null,
    });
    return [
      ...series.groups.map((group, index) =>
        line(
          `g${index}`,
          dimensionLabel(report.by, group, t, language),
          groupColours[index % groupColours.length] ?? otherColour,
          group.values,
        ),
      ),
      ...(series.other
        ? [{ ...line('other', t('reports:chart.other'), otherColour, series.other), dash: DOTS }]
        : []),
    ];
  }
  const label = (m: ReportMetricKey) => t(`reports:metrics.${m}`);
  const of = (axis: 'a' | 'b', m: ReportMetricKey): ChartSeries[] => [
    {
      id: axis,
      name: label(m),
      metric: m,
      axis,
      colour: colours[axis],
      valueAt: (i) => report.chart[i]?.[m] ?? null,
    },
    ...(previous
      ? [
          {
            id: `p${axis}`,
            name: t('reports:chart.previousSeries', { metric: label(m) }),
            metric: m,
            axis,
            colour: colours[axis],
            dash: DASH,
            valueAt: (i: number) => previous.chart[i]?.[m] ?? null,
          },
        ]
      : []),
  ];
  return [...of('a', metric), ...(second ? of('b', second) : [])];
}

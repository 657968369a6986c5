import {
  isSeriesDimension,
  REPORT_SERIES_GROUPS,
  type ReportMetricKey,
  type ReportSeriesDto,
  type ReportTimeGrouping,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { metricsOf, noDelivery } from './metrics';
import { namedGroups } from './named-groups';
import {
  periodBuckets,
  type ReportGrouping,
  type ReportScope,
  type ScopeAdvertiser,
  seriesSums,
} from './repository';

/** The chart's buckets: the report's time split, days when it is not split by time. */
export const chartTime = (time: ReportTimeGrouping) => (time === 'none' ? 'day' : time);

/**
 * The chart's lines per group of the grouping's dimension: the top groups by `metric` over the period
 * (at most REPORT_SERIES_GROUPS rows, sorted in the database by the figure's formula), then their
 * sums and the rest's per bucket (at most one more line), each group named as the table's rows.
 * Both read the dimension's rollup, so the lines add up to what it holds. Null when the report is
 * not split by a dimension whose groups add up to the totals.
 */
export async function reportSeries(
  deps: AppDeps,
  advertiser: ScopeAdvertiser,
  scope: ReportScope,
  grouping: ReportGrouping,
  metric: ReportMetricKey,
): Promise<ReportSeriesDto | null> {
  const key = grouping.key;
  if (key === null || !isSeriesDimension(key)) return null;
  const time = chartTime(grouping.time);
  const top = await namedGroups(
    deps,
    [advertiser.id],
    scope,
    { time: 'none', key },
    { sort: metric, order: 'desc' },
    { limit: REPORT_SERIES_GROUPS, offset: 0 },
  );
  const keys = top.rows.map((row) => row.key);
  const [buckets, sums] = await Promise.all([
    periodBuckets(deps.db, [advertiser.timeZone], scope.from, scope.to, time),
    keys.length ? seriesSums(deps.db, scope, time, key, keys) : [],
  ]);
  const line = (group: number) => {
    const byPeriod = new Map(sums.filter((row) => row.group === group).map((row) => [row.period, row]));
    return buckets.map(
      (period) => metricsOf(byPeriod.get(period) ?? noDelivery, advertiser.currencyMinorUnits)[metric],
    );
  };
  return {
    metric,
    groups: keys.map((k, index) => ({
      key: k,
      name: (k !== null && top.names.get(k)?.name) || null,
      values: line(index),
    })),
    other: top.total > keys.length ? line(-1) : null,
  };
}

import type { AgencyOverviewRowDto, OverviewAlert } from '@rtb/shared';

/** The columns the overview sorts by. */
export const overviewSorts = ['name', 'today', 'yesterday', 'month', 'daysCovered', 'alerts'] as const;
export type OverviewSort = (typeof overviewSorts)[number];

export const isOverviewSort = (value: string | null): value is OverviewSort =>
  (overviewSorts as readonly string[]).includes(value ?? '');

const keyOf: Record<OverviewSort, (row: AgencyOverviewRowDto) => string | number | null> = {
  name: (row) => row.advertiser.name,
  today: (row) => row.spend.todayMicros,
  yesterday: (row) => row.spend.yesterdayMicros,
  month: (row) => row.spend.monthMicros,
  daysCovered: (row) => row.daysCovered,
  alerts: (row) => row.alerts.length,
};

/**
 * The rows with `alert` (or any, for 'any') whose name holds `search`, in the order asked;
 * a client without a figure (no spend to cover) comes last either way, then by name.
 */
export function shownRows(
  rows: readonly AgencyOverviewRowDto[],
  filter: { search: string; alert: OverviewAlert | 'any' | null },
  sort: OverviewSort,
  order: 'asc' | 'desc',
  language: string,
): AgencyOverviewRowDto[] {
  const needle = filter.search.toLocaleLowerCase(language);
  const byName = (a: AgencyOverviewRowDto, b: AgencyOverviewRowDto) =>
    a.advertiser.name.localeCompare(b.advertiser.name, language);
  return rows
    .filter((row) => !needle || row.advertiser.name.toLocaleLowerCase(language).includes(needle))
    .filter((row) =>
      filter.alert === null
        ? true
        : filter.alert === 'any'
          ? row.alerts.length > 0
          : row.alerts.includes(filter.alert),
    )
    .sort((a, b) => {
      const [x, y] = [keyOf[sort](a), keyOf[sort](b)];
      if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
      const compared = typeof x === 'string' ? x.localeCompare(String(y), language) : x - Number(y);
      return (order === 'asc' ? compared : -compared) || byName(a, b);
    });
}

/** How many clients raise each alert. */
export function alertCounts(rows: readonly AgencyOverviewRowDto[]): Map<OverviewAlert, number> {
  const counts = new Map<OverviewAlert, number>();
  for (const row of rows) for (const alert of row.alerts) counts.set(alert, (counts.get(alert) ?? 0) + 1);
  return counts;
}

import type { ReportTimeGrouping } from '@rtb/shared';
import type { ReportKey, ReportOrder } from './repository';

/** What a report asks to sort by: a figure, the time bucket or the name of the row's key. */
export interface AskedOrder {
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * How the rows are ordered. Absent a sort: time order when split by time, else the largest
 * spend first (by product, whose spend is not split, the most shown first). By name: the key's name where it has one (`names`, looked up by the caller), the
 * key itself otherwise (a country code, a domain); by period without time buckets: the key.
 */
export function orderOf(
  asked: AskedOrder,
  grouping: { time: ReportTimeGrouping; key: ReportKey | null },
  names: Map<string, string> | null,
): ReportOrder {
  const sort =
    asked.sort ??
    (grouping.time !== 'none' ? 'period' : grouping.key === 'product' ? 'impressions' : 'spendMicros');
  if (sort === 'period' || sort === 'name') {
    const direction = asked.order ?? 'asc';
    if (sort === 'period' && grouping.time !== 'none') return { by: 'period', direction };
    return names ? { by: 'name', direction, names } : { by: 'key', direction };
  }
  return { by: 'metric', metric: sort, direction: asked.order ?? 'desc' };
}

import type { AppDeps } from '../../../core/deps';
import { type KeyName, keyNames } from './key-names';
import { type AskedOrder, orderOf } from './report-order';
import { type GroupSums, groupedSums, keysOf, type ReportGrouping, type ReportScope } from './repository';

/** Keys whose rows have names to sort by (the others are their own labels). */
const namedKeys = new Set(['advertiser', 'campaign', 'creative', 'product']);

/**
 * A page of the scope's groups (or all of them) in the order asked, with the names of their keys.
 * Sorting by name first names every key the scope has, so the database orders the whole report,
 * not one page.
 */
export async function namedGroups(
  deps: AppDeps,
  advertiserIds: readonly number[],
  scope: ReportScope,
  grouping: ReportGrouping,
  asked: AskedOrder,
  page?: { limit: number; offset: number },
): Promise<{ rows: GroupSums[]; total: number; names: Map<string, KeyName> }> {
  const { key } = grouping;
  const sortNames =
    asked.sort === 'name' && key !== null && namedKeys.has(key)
      ? new Map(
          [...(await keyNames(deps, advertiserIds, key, await keysOf(deps.db, scope, key)))].map(
            ([k, { name }]) => [k, name],
          ),
        )
      : null;
  const { rows, total } = await groupedSums(
    deps.db,
    scope,
    grouping,
    orderOf(asked, grouping, sortNames),
    page,
  );
  const names = await keyNames(
    deps,
    advertiserIds,
    key,
    rows.map((row) => row.key),
  );
  return { rows, total, names };
}

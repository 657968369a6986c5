import { type RtbViewStatus, type ViewArea, type ViewStatus, viewAreas } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { areaStatuses } from './area-status';

/**
 * The integration status of these advertisers: every area's answers, asked at once, each area
 * in a fixed number of queries however many advertisers (the agency's overview asks for all its
 * clients). The areas in `known` are the caller's answers for the same advertisers, not asked
 * again (the overview reads the campaigns' facts for its own columns too).
 */
export async function viewStatuses(
  deps: AppDeps,
  advertiserIds: readonly number[],
  known: Partial<Record<ViewArea, Map<number, ViewStatus>>> = {},
): Promise<Map<number, RtbViewStatus>> {
  const answers = await Promise.all(
    viewAreas.map((area) => known[area] ?? areaStatuses[area](deps, advertiserIds)),
  );
  return new Map(
    advertiserIds.map((id) => [
      id,
      Object.fromEntries(
        viewAreas.map((area, i) => {
          const status = answers[i]?.get(id);
          if (!status) throw new Error(`no ${area} status of advertiser ${id}`);
          return [area, status] satisfies [string, ViewStatus];
        }),
      ) as RtbViewStatus,
    ]),
  );
}

/** The integration status of an advertiser. */
export async function getViewStatus(deps: AppDeps, advertiserId: number): Promise<RtbViewStatus> {
  const status = (await viewStatuses(deps, [advertiserId])).get(advertiserId);
  if (!status) throw new Error(`no integration status of advertiser ${advertiserId}`);
  return status;
}

import { type RtbViewStatus, viewAreas } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { areaStatus } from './area-status';

/** The integration status of an advertiser: every area's own answer, asked at once. */
export async function getViewStatus(deps: AppDeps, advertiserId: number): Promise<RtbViewStatus> {
  const statuses = await Promise.all(viewAreas.map((area) => areaStatus[area](deps, advertiserId)));
  return Object.fromEntries(viewAreas.map((area, i) => [area, statuses[i]])) as RtbViewStatus;
}

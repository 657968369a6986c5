import type { EntityHistoryQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { listActivityLogs } from '../../organisations';
import { type CampaignScope, findCampaign } from './repository';

/**
 * One campaign's changes from the activity log, newest first: for whoever may read the campaign
 * (not only the log's readers). 404 for a campaign outside the scope, as its other routes answer.
 */
export async function campaignHistory(
  deps: AppDeps,
  scope: CampaignScope & { advertiserId: number },
  id: number,
  query: EntityHistoryQuery,
) {
  if (!(await findCampaign(deps.db, id, scope))) throw notFound();
  return listActivityLogs(
    deps,
    { ...query, entityType: 'campaign', entityId: String(id) },
    { advertiserId: scope.advertiserId },
  );
}

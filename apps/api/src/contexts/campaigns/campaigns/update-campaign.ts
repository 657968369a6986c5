import { type CampaignBody, type CampaignDto, campaignMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedCampaign, campaignValuesOf } from './dto';
import { getCampaign } from './get-campaign';
import {
  bannerIdsOf,
  type CampaignScope,
  findCampaign,
  lockCampaign,
  setCampaignBanners,
  updateCampaign,
} from './repository';
import { assertCampaignRules } from './rules';
import { advertiserContextOf } from './serving-facts';

/**
 * Replaces a campaign's settings and banners with the form's (its status stays). An archived
 * campaign cannot be changed; an end date moved into the past is refused as on a new campaign.
 */
export async function updateCampaignSettings(
  deps: AppDeps,
  scope: CampaignScope,
  id: number,
  body: CampaignBody,
  actor: Actor,
): Promise<CampaignDto> {
  const before = await lockCampaign(deps.db, id, scope);
  if (!before) throw notFound();
  if (before.status === 'archived')
    throw new HttpError(422, 'campaigns.archived_not_editable', {
      errors: { status: [campaignMessages.archivedNotEditable] },
    });
  const advertiser = await advertiserContextOf(deps, before.advertiserId, new Date());
  await assertCampaignRules(deps, advertiser, body, body.endDate !== before.endDate);
  const bannersBefore = (await bannerIdsOf(deps.db, [id])).get(id) ?? [];
  await updateCampaign(deps.db, id, { ...campaignValuesOf(body), updatedByAccountId: actor.accountId });
  await setCampaignBanners(deps.db, id, body.bannerIds);
  const after = await findCampaign(deps.db, id, scope);
  if (!after) throw new Error(`campaign ${id} gone during its update`);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'campaign',
      entityId: id,
      before: auditedCampaign(before, bannersBefore),
      after: auditedCampaign(
        after,
        [...body.bannerIds].sort((a, b) => a - b),
      ),
      advertiserId: before.advertiserId,
    },
  ]);
  return getCampaign(deps, scope, id);
}

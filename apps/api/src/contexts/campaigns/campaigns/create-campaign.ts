import type { CampaignBody, CampaignDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { auditedCampaign, campaignValuesOf } from './dto';
import { getCampaign } from './get-campaign';
import { findCampaign, insertCampaign, setCampaignBanners } from './repository';
import { assertCampaignRules } from './rules';
import { advertiserContextOf } from './serving-facts';

/** A new campaign of the advertiser, as a draft, with its banners. */
export async function createCampaign(
  deps: AppDeps,
  advertiserId: number,
  body: CampaignBody,
  actor: Actor,
): Promise<CampaignDto> {
  const advertiser = await advertiserContextOf(deps, advertiserId, new Date());
  await assertCampaignRules(deps, advertiser, body, null);
  const id = await insertCampaign(deps.db, {
    ...campaignValuesOf(body),
    status: 'draft',
    advertiserId,
    createdByAccountId: actor.accountId,
    updatedByAccountId: actor.accountId,
  });
  await setCampaignBanners(deps.db, id, body.bannerIds);
  const row = await findCampaign(deps.db, id, { advertiserId });
  if (!row) throw new Error(`campaign ${id} not found after insert`);
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'campaign',
      entityId: id,
      after: auditedCampaign(row, body.bannerIds),
      advertiserId,
    },
  ]);
  return getCampaign(deps, { advertiserId }, id);
}

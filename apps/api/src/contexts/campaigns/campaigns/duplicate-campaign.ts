import type { CampaignDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedCampaign } from './dto';
import { bannersOfCampaign, getCampaign } from './get-campaign';
import { type CampaignScope, findCampaign, insertCampaign, setCampaignBanners } from './repository';

const NAME_MAX = 200;

/** 'Copy of <name>', cut to the longest name a campaign may have. */
export const copyName = (name: string) => `Copy of ${name}`.slice(0, NAME_MAX).trimEnd();

/**
 * A draft copy of a campaign of the scope: the same settings and banners (without archived ones,
 * which no campaign may be given), named 'Copy of …'.
 */
export async function duplicateCampaign(
  deps: AppDeps,
  scope: CampaignScope,
  id: number,
  actor: Actor,
): Promise<CampaignDto> {
  const source = await findCampaign(deps.db, id, scope);
  if (!source) throw notFound();
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    updatedBy: _updatedBy,
    createdByAccountId: _createdBy,
    ...settings
  } = source;
  const copyId = await insertCampaign(deps.db, {
    ...settings,
    name: copyName(source.name),
    status: 'draft',
    createdByAccountId: actor.accountId,
    updatedByAccountId: actor.accountId,
  });
  const bannerIds = (await bannersOfCampaign(deps, id))
    .filter((banner) => banner.status !== 'archived')
    .map((banner) => banner.id);
  await setCampaignBanners(deps.db, copyId, bannerIds);
  const copy = await findCampaign(deps.db, copyId, scope);
  if (!copy) throw new Error(`campaign ${copyId} not found after insert`);
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'campaign',
      entityId: copyId,
      after: { ...auditedCampaign(copy, bannerIds), duplicatedFrom: id },
      advertiserId: copy.advertiserId,
    },
  ]);
  return getCampaign(deps, scope, copyId);
}

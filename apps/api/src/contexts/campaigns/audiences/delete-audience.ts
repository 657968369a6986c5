import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { campaignsUsingAudience } from '../campaigns/service';
import { audienceSettingsOf } from './dto';
import { deleteAudience, lockAudience } from './repository';

/**
 * Deletes an audience no campaign includes or excludes (422 naming those that do). The row is
 * locked first: a campaign being saved with it holds a key-share lock until it commits, so the
 * check below sees that campaign, and none can take it up between the check and the delete.
 */
export async function removeAudience(deps: AppDeps, advertiserId: number, id: number, actor: Actor) {
  const audience = await lockAudience(deps.db, advertiserId, id);
  if (!audience) throw notFound();
  const campaigns = await campaignsUsingAudience(deps.db, advertiserId, id);
  if (campaigns.length)
    throw new HttpError(422, 'audiences.audience_in_use', {
      params: { campaigns: campaigns.map((c) => c.name).join(', ') },
    });
  await deleteAudience(deps.db, id);
  await recordActivity(deps, actor, [
    {
      event: 'deleted',
      entityType: 'audience',
      entityId: id,
      before: audienceSettingsOf(audience),
      advertiserId,
    },
  ]);
}

import type { AudienceBody, AudienceDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { audienceSettingsOf } from './dto';
import { getAudience } from './get-audience';
import { insertAudience } from './repository';

/** A new audience of the advertiser. */
export async function createAudience(
  deps: AppDeps,
  advertiserId: number,
  body: AudienceBody,
  actor: Actor,
): Promise<AudienceDto> {
  const settings = audienceSettingsOf(body);
  const id = await insertAudience(deps.db, {
    ...settings,
    advertiserId,
    createdByAccountId: actor.accountId,
    updatedByAccountId: actor.accountId,
  });
  await recordActivity(deps, actor, [
    { event: 'created', entityType: 'audience', entityId: id, after: settings, advertiserId },
  ]);
  return getAudience(deps, advertiserId, id);
}

import type { AudienceBody, AudienceDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { audienceSettingsOf } from './dto';
import { getAudience } from './get-audience';
import { lockAudience, updateAudience } from './repository';

/** Replaces the audience's name, rule, product type and lookback with the form's. */
export async function updateAudienceSettings(
  deps: AppDeps,
  advertiserId: number,
  id: number,
  body: AudienceBody,
  actor: Actor,
): Promise<AudienceDto> {
  const before = await lockAudience(deps.db, advertiserId, id);
  if (!before) throw notFound();
  const after = audienceSettingsOf(body);
  await updateAudience(deps.db, id, { ...after, updatedByAccountId: actor.accountId });
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'audience',
      entityId: id,
      before: audienceSettingsOf(before),
      after,
      advertiserId,
    },
  ]);
  return getAudience(deps, advertiserId, id);
}

import type { RegulationDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { getRegulation } from './get-regulation';
import { lockRegulation, setRegulationEnabled } from './repository';

/**
 * Enables or disables a version. The newest enabled version of a type is the current one:
 * enabling a newer version asks every organisation to accept it; disabling it goes back to
 * the previous enabled one.
 */
export async function setRegulationEnabledState(
  deps: AppDeps,
  id: number,
  enabled: boolean,
  actor: Actor,
): Promise<RegulationDto> {
  const before = await lockRegulation(deps.db, id);
  if (!before) throw notFound();
  if (before.enabled !== enabled) {
    await setRegulationEnabled(deps.db, id, enabled);
    await recordActivity(deps, actor, [
      {
        event: 'updated',
        entityType: 'regulation',
        entityId: id,
        before: { enabled: before.enabled },
        after: { enabled },
      },
    ]);
  }
  return getRegulation(deps, id);
}

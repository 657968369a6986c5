import type { CreateRegulationBody, RegulationDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { auditedTexts } from './dto';
import { getRegulation } from './get-regulation';
import { insertRegulation, lockNewestVersion, replaceTexts } from './repository';
import { assertEnabledLocales } from './texts';

/**
 * A new version of a type, numbered after its newest one. It starts disabled: users are asked
 * to accept it once an admin enables it.
 */
export async function createRegulation(
  deps: AppDeps,
  body: CreateRegulationBody,
  actor: Actor,
): Promise<RegulationDto> {
  await assertEnabledLocales(deps, body.texts);
  const version = (await lockNewestVersion(deps.db, body.type)) + 1;
  const id = await insertRegulation(deps.db, { type: body.type, version });
  await replaceTexts(deps.db, id, body.texts);
  const created = await getRegulation(deps, id);
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'regulation',
      entityId: id,
      after: { type: created.type, version, enabled: false, texts: auditedTexts(created.texts) },
    },
  ]);
  return created;
}

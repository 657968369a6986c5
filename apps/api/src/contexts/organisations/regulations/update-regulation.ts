import { type RegulationDto, regulationMessages, type UpdateRegulationBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedTexts } from './dto';
import { getRegulation } from './get-regulation';
import { countAcceptances, findTexts, lockRegulation, replaceTexts } from './repository';
import { assertEnabledLocales } from './texts';

/**
 * Replaces a version's texts. Once anyone accepted the version its text is what they agreed
 * to, so it stays as it is: a change is a new version.
 */
export async function updateRegulation(
  deps: AppDeps,
  id: number,
  body: UpdateRegulationBody,
  actor: Actor,
): Promise<RegulationDto> {
  if (!(await lockRegulation(deps.db, id))) throw notFound();
  if ((await countAcceptances(deps.db, id)) > 0)
    throw invalidField('texts', regulationMessages.alreadyAccepted);
  await assertEnabledLocales(deps, body.texts);

  const before = await findTexts(deps.db, id);
  await replaceTexts(deps.db, id, body.texts);
  const after = await getRegulation(deps, id);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'regulation',
      entityId: id,
      before: { texts: auditedTexts(before) },
      after: { texts: auditedTexts(after.texts) },
    },
  ]);
  return after;
}

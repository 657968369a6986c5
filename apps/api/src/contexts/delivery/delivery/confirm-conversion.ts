import { confirmHeld, conversionAdvertiser, findConversion } from '@rtb/delivery';
import { type ConversionDebug, conversionMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalid, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { toConversionDebug } from './conversion-debug';

export const DAY_MS = 86_400_000;

/**
 * `POST /api/advertiser/tag/conversions/:id/confirm`: an advertiser's user confirms a held
 * conversion, which then counts in reports (once); written to the activity log. Another
 * advertiser's conversion is 404; one that is not held, or too old, is 422.
 */
export async function confirmConversion(
  deps: AppDeps,
  advertiserId: number,
  id: number,
  actor: Actor,
): Promise<ConversionDebug> {
  const confirmed = await confirmHeld(
    deps,
    advertiserId,
    { id },
    { kind: 'user', accountId: actor.accountId },
  );
  if (!confirmed) {
    const found = await findConversion(deps.db, advertiserId, { id });
    if (!found) throw notFound();
    throw invalid({
      id: [found.status === 'held' ? conversionMessages.tooOldToConfirm : conversionMessages.notHeld],
    });
  }
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'conversion',
      entityId: id,
      before: { status: 'held' },
      after: { status: 'confirmed' },
      advertiserId,
    },
  ]);
  const after = await findConversion(deps.db, advertiserId, { id });
  const currency = (await conversionAdvertiser(deps, advertiserId))?.currency ?? '';
  return toConversionDebug(after ?? confirmed.row, currency);
}

import { configKeys, configurationMessages, DEFAULT_LOCALE } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound, refusedField } from '../../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { toReferenceDto } from './dto';
import { findReference, type ReferenceList, type ReferenceUpdate, updateReference } from './repository';
import { referenceEntity } from './update-reference';

/** 422 with the reason as the message and on the `enabled` field. */
const locked = (message: string) => refusedField('enabled', message);

/**
 * Enables or disables a country, currency or locale: disabled entries leave the public lists
 * (and so the forms). The default locale and the base currency stay enabled.
 */
export async function setReferenceEnabled<K extends ReferenceList>(
  deps: AppDeps,
  actor: Actor,
  list: K,
  id: number,
  enabled: boolean,
) {
  const before = await findReference(deps.db, list, id);
  if (!before) throw notFound();
  if (!enabled && list === 'locales' && before.code === DEFAULT_LOCALE)
    throw locked(configurationMessages.defaultLocaleLocked);
  if (!enabled && list === 'currencies') {
    const base = await deps.settings.get(deps.db, configKeys.baseCurrency);
    if (before.code === base) throw locked(configurationMessages.baseCurrencyLocked);
  }
  const after = await updateReference(deps.db, list, id, { enabled } as ReferenceUpdate<K>);
  if (!after) throw notFound();
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: referenceEntity[list],
      entityId: id,
      before: { enabled: before.enabled },
      after: { enabled },
    },
  ]);
  return toReferenceDto(after);
}

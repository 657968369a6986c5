import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { toReferenceDto } from './dto';
import { findReference, type ReferenceList, type ReferenceUpdate, updateReference } from './repository';

/** The activity-log entity of each list. */
export const referenceEntity = { countries: 'country', currencies: 'currency', locales: 'locale' } as const;

/**
 * Edits a country (name, isoCode, eu), a currency (name, isoCode, symbol) or a locale (name): the
 * list's edit body (UpdateCountryBody, UpdateCurrencyBody, UpdateLocaleBody) is an update of its table.
 */
export async function updateReferenceEntry<K extends ReferenceList>(
  deps: AppDeps,
  actor: Actor,
  list: K,
  id: number,
  body: ReferenceUpdate<K>,
) {
  const before = await findReference(deps.db, list, id);
  if (!before) throw notFound();
  const after = await updateReference(deps.db, list, id, body);
  if (!after) throw notFound();
  const fields = Object.keys(body) as (keyof typeof before)[];
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: referenceEntity[list],
      entityId: id,
      before: Object.fromEntries(fields.map((f) => [f, before[f]])),
      after: Object.fromEntries(fields.map((f) => [f, after[f]])),
    },
  ]);
  return toReferenceDto(after);
}

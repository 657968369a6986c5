import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toReferenceDto } from './dto';
import { findReference, type ReferenceList } from './repository';

/** One country, currency or locale; 404 when there is none with that id. */
export async function getReference<K extends ReferenceList>(deps: AppDeps, list: K, id: number) {
  const row = await findReference(deps.db, list, id);
  if (!row) throw notFound();
  return toReferenceDto(row);
}

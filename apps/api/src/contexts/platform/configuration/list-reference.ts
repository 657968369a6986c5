import type { AdminReferenceQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toReferenceDto } from './dto';
import { pageReference, type ReferenceList } from './repository';

/** A page of countries, currencies or locales, enabled or not. */
export async function listReference<K extends ReferenceList>(
  deps: AppDeps,
  list: K,
  query: AdminReferenceQuery,
) {
  const { rows, total } = await pageReference(deps.db, list, query);
  return listOfPage(rows.map(toReferenceDto), query, total);
}

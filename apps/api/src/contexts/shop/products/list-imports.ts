import type { PageQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { listOfPage } from '../../../core/list';
import { toFeedImportDto } from './dto';
import { findImport, listImports, listRejections } from './repository';

/** A page of the advertiser's imports, newest first. */
export async function listImportsPage(deps: AppDeps, advertiserId: number, page: PageQuery) {
  const { rows, total } = await listImports(deps.db, advertiserId, page);
  return listOfPage(rows.map(toFeedImportDto), page, total);
}

/** One of the advertiser's imports; 404 for another's, as for none. */
export async function feedImportOf(deps: AppDeps, advertiserId: number, id: number) {
  const row = await findImport(deps.db, advertiserId, id);
  if (!row) throw notFound();
  return row;
}

/** A page of an import's rejected rows, in feed order. */
export async function listRejectionsPage(
  deps: AppDeps,
  advertiserId: number,
  importId: number,
  page: PageQuery,
) {
  await feedImportOf(deps, advertiserId, importId);
  const { rows, total } = await listRejections(deps.db, importId, page);
  return listOfPage(rows, page, total);
}

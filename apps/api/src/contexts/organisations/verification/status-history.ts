import type { StatusHistoryQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { organisationExists } from '../organisations/repository';
import { statusHistoryPage } from '../organisations/status-verifications';

/** The organisation's verification status changes, newest first; 404 for an unknown one. */
export async function statusHistory(
  deps: AppDeps,
  kind: 'agency' | 'advertiser',
  id: number,
  query: StatusHistoryQuery,
) {
  if (!(await organisationExists(deps.db, kind, id))) throw notFound();
  return statusHistoryPage(deps, kind === 'agency' ? { agencyId: id } : { advertiserId: id }, query);
}

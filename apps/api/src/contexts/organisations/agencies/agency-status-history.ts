import type { StatusHistoryQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { organisationExists } from '../organisations/repository';
import { statusHistoryPage } from '../organisations/status-verifications';

/** The agency's verification status changes, newest first; 404 for an unknown agency. */
export async function agencyStatusHistory(deps: AppDeps, id: number, query: StatusHistoryQuery) {
  if (!(await organisationExists(deps.db, 'agency', id))) throw notFound();
  return statusHistoryPage(deps, { agencyId: id }, query);
}

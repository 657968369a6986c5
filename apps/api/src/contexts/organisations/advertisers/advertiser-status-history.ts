import type { StatusHistoryQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { organisationExists } from '../organisations/repository';
import { statusHistoryPage } from '../organisations/status-verifications';

/** The advertiser's verification status changes, newest first; 404 for an unknown advertiser. */
export async function advertiserStatusHistory(deps: AppDeps, id: number, query: StatusHistoryQuery) {
  if (!(await organisationExists(deps.db, 'advertiser', id))) throw notFound();
  return statusHistoryPage(deps, { advertiserId: id }, query);
}

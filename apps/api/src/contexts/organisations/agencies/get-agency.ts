import type { AgencyDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findAgency } from '../organisations/agencies-repository';
import { toOneAgencyDto } from './facts';

/** One agency, or 404 'Not Found'. */
export async function getAgency(deps: AppDeps, id: number): Promise<AgencyDto> {
  const row = await findAgency(deps.db, id);
  if (!row) throw notFound();
  return toOneAgencyDto(deps, row);
}

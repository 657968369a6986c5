import type { Database } from '@rtb/db';
import { acceptedOrganisations } from './regulations-repository';

/**
 * Which of the given agencies and advertisers have their regulations accepted: they accepted the
 * current version (the newest enabled one) of every regulation type that has one.
 */
export async function organisationsWithAcceptedRegulations(
  db: Database,
  orgs: { agencyIds: number[]; advertiserIds: number[] },
): Promise<{ agencyIds: Set<number>; advertiserIds: Set<number> }> {
  const rows = await acceptedOrganisations(db, orgs);
  const agencyIds = new Set<number>();
  const advertiserIds = new Set<number>();
  for (const row of rows) (row.kind === 'agency' ? agencyIds : advertiserIds).add(Number(row.id));
  return { agencyIds, advertiserIds };
}

import { type MeRegulation, toApiDateTime } from '@rtb/shared';
import type { OrganisationRef } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { toCurrentRegulation } from './dto';
import { findAcceptances, findCurrentDocuments } from './repository';

/**
 * `me/regulation`: the current documents in the user's language, which of them the
 * organisation accepted, and whether it accepted them all (`hasRegulationAccepted`).
 */
export async function organisationRegulations(
  deps: AppDeps,
  org: OrganisationRef,
  locale: string,
): Promise<MeRegulation> {
  const documents = await findCurrentDocuments(deps.db, locale);
  const acceptances = await findAcceptances(
    deps.db,
    org,
    documents.map((document) => document.id),
  );
  const acceptedAt = new Map(acceptances.map((row) => [row.regulationId, row.createdAt]));
  const regulations = documents.map((document) => {
    const at = acceptedAt.get(document.id);
    return {
      ...toCurrentRegulation(document),
      accepted: at !== undefined,
      acceptedAt: at ? toApiDateTime(at) : null,
    };
  });
  return { regulations, hasRegulationAccepted: regulations.every((regulation) => regulation.accepted) };
}

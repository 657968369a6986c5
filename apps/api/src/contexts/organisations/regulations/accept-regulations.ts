import { regulationMessages } from '@rtb/shared';
import type { OrganisationRef } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { HttpError, invalidField } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { findCurrentRegulations, insertAcceptances } from './repository';

type CurrentRegulation = Awaited<ReturnType<typeof findCurrentRegulations>>[number];

/** Records the organisation's acceptance of these versions (those it has not accepted yet). */
async function recordAcceptances(
  deps: AppDeps,
  org: OrganisationRef,
  versions: CurrentRegulation[],
  actor: Actor,
) {
  const accepted = await insertAcceptances(
    deps.db,
    org,
    versions.map((version) => version.id),
    { accountId: actor.accountId, ip: actor.ip },
  );
  const byId = new Map(versions.map((version) => [version.id, version]));
  await recordActivity(
    deps,
    actor,
    accepted.map((row) => ({
      event: 'created' as const,
      entityType: 'log_regulation',
      entityId: row.id,
      agencyId: row.agencyId,
      advertiserId: row.advertiserId,
      after: {
        regulationId: row.regulationId,
        type: byId.get(row.regulationId)?.type,
        version: byId.get(row.regulationId)?.version,
      },
    })),
  );
}

/**
 * A user accepts current versions for their organisation. Only current versions can be
 * accepted (an older or unpublished one is a 422); accepting one again changes nothing. An
 * admin or agency user "logged in as" the user may not agree on their behalf.
 */
export async function acceptRegulations(
  deps: AppDeps,
  org: OrganisationRef,
  regulationIds: number[],
  actor: Actor,
): Promise<void> {
  if (actor.impersonatorAccountId !== null) throw new HttpError(403, 'regulations.impersonated_acceptance');
  const current = await findCurrentRegulations(deps.db);
  const currentIds = new Set(current.map((version) => version.id));
  if (regulationIds.some((id) => !currentIds.has(id)))
    throw invalidField('regulationIds', regulationMessages.notCurrent);
  const asked = new Set(regulationIds);
  await recordAcceptances(
    deps,
    org,
    current.filter((version) => asked.has(version.id)),
    actor,
  );
}

/** A new organisation accepts every current version (its registration form says so). */
export async function acceptCurrentRegulations(
  deps: AppDeps,
  org: OrganisationRef,
  actor: Actor,
): Promise<void> {
  await recordAcceptances(deps, org, await findCurrentRegulations(deps.db), actor);
}

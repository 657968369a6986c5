import type {
  AdvertiserDto,
  AgencyDto,
  LogStatusVerificationDto,
  StatusVerification,
  StatusVerificationBody,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, type Change, recordActivity } from '../../platform';
import { toOneAdvertiserDto } from '../advertisers/facts';
import { toOneAgencyDto } from '../agencies/facts';
import {
  type AdvertiserRow,
  findAdvertiser,
  lockAdvertiser,
  updateAdvertiser,
} from '../organisations/advertisers-repository';
import { type AgencyRow, findAgency, lockAgency, updateAgency } from '../organisations/agencies-repository';
import { assertStatusChanges, logStatusChange } from '../organisations/status-verifications';

/** An organisation as a status change needs it. */
type Verifiable = { name: string; statusVerification: StatusVerification };

/** What a status change reads and writes of one kind of organisation. */
interface Verified<Row extends Verifiable, Dto> {
  lock(deps: AppDeps, id: number): Promise<Row | null>;
  find(deps: AppDeps, id: number): Promise<Row | null>;
  setStatus(deps: AppDeps, id: number, status: StatusVerification): Promise<unknown>;
  /** The history row's and the activity row's organisation. */
  owner(id: number, row: Row): { agencyId: number } | { advertiserId: number; agencyId: number | null };
  entityType: Change['entityType'];
  toDto(deps: AppDeps, row: Row): Promise<Dto>;
}

const agency: Verified<AgencyRow, AgencyDto> = {
  lock: (deps, id) => lockAgency(deps.db, id),
  find: (deps, id) => findAgency(deps.db, id),
  setStatus: (deps, id, statusVerification) => updateAgency(deps.db, id, { statusVerification }),
  owner: (id) => ({ agencyId: id }),
  entityType: 'agency',
  toDto: toOneAgencyDto,
};

const advertiser: Verified<AdvertiserRow, AdvertiserDto> = {
  lock: (deps, id) => lockAdvertiser(deps.db, id),
  find: (deps, id) => findAdvertiser(deps.db, id),
  setStatus: (deps, id, statusVerification) => updateAdvertiser(deps.db, id, { statusVerification }),
  owner: (id, row) => ({ advertiserId: id, agencyId: row.agencyId }),
  entityType: 'advertiser',
  toDto: toOneAdvertiserDto,
};

/** Changes an organisation's verification status, with a history row naming who did it and why. */
async function changeStatus<Row extends Verifiable, Dto>(
  deps: AppDeps,
  kind: Verified<Row, Dto>,
  id: number,
  body: StatusVerificationBody,
  actor: Actor,
): Promise<{ dto: Dto; logStatusVerification: LogStatusVerificationDto }> {
  const before = await kind.lock(deps, id);
  if (!before) throw notFound();
  assertStatusChanges(before.statusVerification, body.statusVerification);

  await kind.setStatus(deps, id, body.statusVerification);
  const owner = kind.owner(id, before);
  const logStatusVerification = await logStatusChange(
    deps,
    'advertiserId' in owner ? { advertiserId: owner.advertiserId } : owner,
    before.statusVerification,
    body,
    actor,
  );
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: kind.entityType,
      entityId: id,
      name: before.name,
      ...owner,
      before: { statusVerification: before.statusVerification },
      after: { statusVerification: body.statusVerification },
    },
  ]);
  const after = await kind.find(deps, id);
  if (!after) throw notFound();
  return { dto: await kind.toDto(deps, after), logStatusVerification };
}

/** Changes an agency's verification status (`changeStatus`). */
export async function changeAgencyStatus(
  deps: AppDeps,
  id: number,
  body: StatusVerificationBody,
  actor: Actor,
) {
  const { dto, logStatusVerification } = await changeStatus(deps, agency, id, body, actor);
  return { agency: dto, logStatusVerification };
}

/** Changes an advertiser's verification status (`changeStatus`). */
export async function changeAdvertiserStatus(
  deps: AppDeps,
  id: number,
  body: StatusVerificationBody,
  actor: Actor,
) {
  const { dto, logStatusVerification } = await changeStatus(deps, advertiser, id, body, actor);
  return { advertiser: dto, logStatusVerification };
}

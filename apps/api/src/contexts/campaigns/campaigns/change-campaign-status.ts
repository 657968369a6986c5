import {
  type CampaignDto,
  type CampaignStatus,
  campaignMessages,
  campaignStatusTransitions,
  type ErrorCode,
  type ErrorParams,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound, refusedField } from '../../../core/errors';
import { type Actor, type Change, recordActivity } from '../../platform';
import { getCampaign } from './get-campaign';
import { type CampaignRow, type CampaignScope, lockCampaign, setCampaignsStatus } from './repository';

type Transitions = Record<CampaignStatus, readonly CampaignStatus[]>;

/** What an admin may do to a campaign: pause an active one, resume a paused one. */
export const adminStatusTransitions: Transitions = {
  draft: [],
  active: ['paused'],
  paused: ['active'],
  archived: [],
};

/** Why a campaign stays as it is: the code of the error table, its values and the spec's text. */
export interface CampaignRefusal {
  error: ErrorCode;
  params?: ErrorParams;
  message: string;
}

/**
 * Why a campaign cannot move to `status`, or null when it can. Being there already is no move and
 * no refusal.
 */
export function statusChangeRefusal(
  from: CampaignStatus,
  to: CampaignStatus,
  transitions: Transitions = campaignStatusTransitions,
): CampaignRefusal | null {
  if (from === to || transitions[from].includes(to)) return null;
  return {
    error: 'campaigns.status_change_not_allowed',
    params: { from, to },
    message: campaignMessages.statusChangeNotAllowed.replace('{from}', from).replace('{to}', to),
  };
}

/** Moves the campaigns (locked, each allowed to move) to the status, with one log row each. */
export async function moveCampaigns(
  deps: AppDeps,
  rows: CampaignRow[],
  status: CampaignStatus,
  actor: Actor,
): Promise<void> {
  const moving = rows.filter((row) => row.status !== status);
  await setCampaignsStatus(
    deps.db,
    moving.map((row) => row.id),
    status,
    actor.accountId,
  );
  await recordActivity(
    deps,
    actor,
    moving.map(
      (row): Change => ({
        event: 'updated',
        entityType: 'campaign',
        entityId: row.id,
        name: row.name,
        before: { status: row.status },
        after: { status },
        advertiserId: row.advertiserId,
      }),
    ),
  );
}

/** Moves one campaign of the scope to a status the transitions allow, else 422 on `status`. */
export async function changeCampaignStatus(
  deps: AppDeps,
  scope: CampaignScope,
  id: number,
  status: CampaignStatus,
  actor: Actor,
  transitions: Transitions = campaignStatusTransitions,
): Promise<CampaignDto> {
  const row = await lockCampaign(deps.db, id, scope);
  if (!row) throw notFound();
  const refusal = statusChangeRefusal(row.status, status, transitions);
  if (refusal) throw refusedField('status', refusal.message);
  await moveCampaigns(deps, [row], status, actor);
  return getCampaign(deps, scope, id);
}

import { type CampaignBulkStatusBody, campaignMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { Actor } from '../../platform';
import { type CampaignRefusal, moveCampaigns, statusChangeRefusal } from './change-campaign-status';
import { type CampaignRow, type CampaignScope, lockCampaigns } from './repository';

const unknownCampaign: CampaignRefusal = {
  error: 'campaigns.unknown_campaign',
  message: campaignMessages.unknownCampaign,
};

/**
 * Pauses, resumes or archives many campaigns in the caller's transaction. Each id the scope does
 * not reach, or whose campaign cannot move, is skipped with why (the code of the error table, its values and the spec's text); the rest move (those already
 * there count as updated).
 */
export async function bulkChangeStatus(
  deps: AppDeps,
  scope: CampaignScope,
  body: CampaignBulkStatusBody,
  actor: Actor,
) {
  const found = new Map((await lockCampaigns(deps.db, body.ids, scope)).map((row) => [row.id, row]));
  const moving: CampaignRow[] = [];
  const skipped: ({ id: number } & CampaignRefusal)[] = [];
  for (const id of body.ids) {
    const row = found.get(id);
    const refusal = row ? statusChangeRefusal(row.status, body.status) : unknownCampaign;
    if (row && !refusal) moving.push(row);
    else skipped.push({ id, ...(refusal ?? unknownCampaign) });
  }
  await moveCampaigns(deps, moving, body.status, actor);
  return { updated: moving.map((row) => row.id), skipped };
}

import { countersOf } from '@rtb/delivery';
import { type CampaignBody, type CampaignDto, campaignMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, HttpError, notFound } from '../../../core/errors';
import { type Actor, type Change, recordActivity } from '../../platform';
import { auditedCampaign, campaignValuesOf } from './dto';
import { getCampaign } from './get-campaign';
import {
  bannerIdsOf,
  type CampaignRow,
  type CampaignScope,
  findCampaign,
  lockCampaign,
  setCampaignBanners,
  updateCampaign,
} from './repository';
import { assertCampaignRules, type CampaignBefore } from './rules';
import { advertiserContextOf } from './serving-facts';

/** Why a campaign cannot be changed at all (an archived one), on `status`; null when it can. */
export const notEditableErrors = (row: Pick<CampaignRow, 'status'>): FieldErrors | null =>
  row.status === 'archived' ? { status: [campaignMessages.archivedNotEditable] } : null;

/** What the rules about a change need of these campaigns: their end, total and spend so far. */
export async function campaignsBefore(
  deps: AppDeps,
  rows: CampaignRow[],
  today: string,
): Promise<Map<number, CampaignBefore>> {
  const counters = await countersOf(
    deps.db,
    rows.map((row) => ({ campaignId: row.id, today })),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        endDate: row.endDate,
        totalBudget: row.totalBudget,
        spentMicros: counters.get(row.id)?.spendTotalMicros ?? 0,
      },
    ]),
  );
}

/** The activity-log row of a changed campaign: its settings and banners before and after (the log keeps what differs). */
export const campaignUpdated = (
  before: CampaignRow,
  bannersBefore: number[],
  after: CampaignRow,
  bannersAfter: number[],
): Change => ({
  event: 'updated',
  entityType: 'campaign',
  entityId: before.id,
  before: auditedCampaign(before, bannersBefore),
  after: auditedCampaign(after, bannersAfter),
  advertiserId: before.advertiserId,
});

/**
 * Replaces a campaign's settings and banners with the form's (its status stays). An archived
 * campaign cannot be changed; an end date moved into the past is refused as on a new campaign,
 * and so is a new total budget below what the campaign has spent.
 */
export async function updateCampaignSettings(
  deps: AppDeps,
  scope: CampaignScope,
  id: number,
  body: CampaignBody,
  actor: Actor,
): Promise<CampaignDto> {
  const before = await lockCampaign(deps.db, id, scope);
  if (!before) throw notFound();
  const refused = notEditableErrors(before);
  if (refused)
    throw new HttpError(422, 'campaigns.archived_not_editable', {
      errors: refused,
    });
  const advertiser = await advertiserContextOf(deps, before.advertiserId, new Date());
  const rulesBefore = (await campaignsBefore(deps, [before], advertiser.today)).get(id);
  if (!rulesBefore) throw new Error(`campaign ${id} has no facts before its update`);
  await assertCampaignRules(deps, advertiser, body, rulesBefore);
  const bannersBefore = (await bannerIdsOf(deps.db, [id])).get(id) ?? [];
  await updateCampaign(deps.db, id, { ...campaignValuesOf(body), updatedByAccountId: actor.accountId });
  await setCampaignBanners(deps.db, id, body.bannerIds);
  const after = await findCampaign(deps.db, id, scope);
  if (!after) throw new Error(`campaign ${id} gone during its update`);
  await recordActivity(deps, actor, [
    campaignUpdated(
      before,
      bannersBefore,
      after,
      [...body.bannerIds].sort((a, b) => a - b),
    ),
  ]);
  return getCampaign(deps, scope, id);
}

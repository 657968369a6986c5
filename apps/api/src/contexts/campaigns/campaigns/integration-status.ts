import { campaignsNotServingKeys, type ServingReasonCode, type ViewStatus, viewStatusOf } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { integrationCampaignsOf } from './repository';
import { type CampaignFacts, campaignFactsOf, type ServingCampaign } from './serving-facts';

/** Reasons that pass by themselves: nothing for the user to do unless another reason stands. */
const passing: ReadonlySet<ServingReasonCode> = new Set(['scheduled', 'daily_budget_spent', 'outside_hours']);

/**
 * The campaigns area of the advertiser's integration status: Ok when at least one campaign
 * serves; when none does, a Warning with the first reason of the most advanced campaign (of the
 * active ones when there are any, else the most recently changed); an Error asking for a first
 * campaign when there is none.
 */
function campaignsStatusOf(
  advertiserId: number,
  rows: ServingCampaign[],
  facts: Map<number, CampaignFacts>,
): ViewStatus {
  if (!rows.length) return viewStatusOf('Error', 'campaignsNone', true);
  if (rows.some((row) => facts.get(row.id)?.servingStatus.serving))
    return viewStatusOf('Ok', 'campaignsServing', false);
  // The most advanced campaign is the one fewest reasons keep from serving (on a tie, the list's
  // order: the most recently changed).
  const reasons = rows
    .map((row) => facts.get(row.id)?.servingStatus.reasons ?? [])
    .reduce((best, next) => (next.length < best.length ? next : best));
  const [first] = reasons;
  if (!first) throw new Error(`campaigns of advertiser ${advertiserId} neither serve nor say why`);
  return viewStatusOf(
    'Warning',
    campaignsNotServingKeys[first.code],
    reasons.some((reason) => !passing.has(reason.code)),
  );
}

/**
 * The campaigns area of these advertisers' integration status, from the campaigns it looks at
 * (`integrationCampaignsOf`) and their facts.
 */
export function integrationStatusesOf(
  advertiserIds: readonly number[],
  rows: readonly ServingCampaign[],
  facts: Map<number, CampaignFacts>,
): Map<number, ViewStatus> {
  const rowsOf = new Map<number, ServingCampaign[]>(advertiserIds.map((id) => [id, []]));
  for (const row of rows) rowsOf.get(row.advertiserId)?.push(row);
  return new Map([...rowsOf].map(([id, of]) => [id, campaignsStatusOf(id, of, facts)]));
}

/**
 * The campaigns area of these advertisers' integration status: the campaigns it looks at (two
 * queries) and their serving facts (the list's, a fixed number of queries) however many advertisers.
 */
export async function campaignsIntegrationStatuses(
  deps: AppDeps,
  advertiserIds: readonly number[],
): Promise<Map<number, ViewStatus>> {
  const rows = await integrationCampaignsOf(deps.db, advertiserIds);
  return integrationStatusesOf(advertiserIds, rows, await campaignFactsOf(deps, rows));
}

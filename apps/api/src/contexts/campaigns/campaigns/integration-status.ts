import {
  campaignsNotServingKeys,
  campaignsQuery,
  type ServingReasonCode,
  type ViewStatus,
  viewStatusOf,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { campaignPresence, listCampaigns } from './repository';
import { campaignFactsOf } from './serving-facts';

/** Reasons that pass by themselves: nothing for the user to do unless another reason stands. */
const passing: ReadonlySet<ServingReasonCode> = new Set(['scheduled', 'daily_budget_spent', 'outside_hours']);

/**
 * The campaigns area of the advertiser's integration status: Ok when at least one campaign
 * serves; when none does, a Warning with the first reason of the most advanced campaign (of the
 * active ones when there are any, else the most recently changed); an Error asking for a first
 * campaign when there is none.
 */
export async function campaignsIntegrationStatus(deps: AppDeps, advertiserId: number): Promise<ViewStatus> {
  const presence = await campaignPresence(deps.db, advertiserId);
  if (presence.total === 0) return viewStatusOf('Error', 'campaignsNone', true);
  const scope = { advertiserId };
  const { rows } =
    presence.active > 0
      ? await listCampaigns(
          deps.db,
          scope,
          campaignsQuery.parse({ sort: 'updatedAt', status: 'active' }),
          false,
        )
      : await listCampaigns(deps.db, scope, campaignsQuery.parse({ sort: 'updatedAt', perPage: 1 }), true);
  const facts = await campaignFactsOf(deps, rows);
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

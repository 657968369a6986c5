import type { CampaignFacts, ServingCampaign } from './serving-facts';

/** What an advertiser's active campaigns add up to now: how many serve, and what they may spend today. */
export interface CampaignsDeliverySummary {
  active: number;
  serving: number;
  /**
   * The daily budgets of the serving campaigns (a total budget with an end date counts as what is
   * left of it per day left), in minor units; null when none of them has one.
   */
  dailyBudgetMinor: number | null;
  /** A serving campaign has no daily budget: today it may spend whatever its funds allow. */
  unlimited: boolean;
}

/**
 * The delivery summary of each of these advertisers' active campaigns (of `rows`, with their
 * facts: the list's, `servingStatus` of packages/rtb).
 */
export function deliverySummariesOf(
  advertiserIds: readonly number[],
  rows: readonly ServingCampaign[],
  facts: Map<number, CampaignFacts>,
): Map<number, CampaignsDeliverySummary> {
  const summaries = new Map<number, CampaignsDeliverySummary>(
    advertiserIds.map((id) => [id, { active: 0, serving: 0, dailyBudgetMinor: null, unlimited: false }]),
  );
  for (const row of rows) {
    const summary = summaries.get(row.advertiserId);
    const fact = facts.get(row.id);
    if (row.status !== 'active' || !summary || !fact) continue;
    summary.active += 1;
    if (!fact.servingStatus.serving) continue;
    summary.serving += 1;
    const daily = row.dailyBudget ?? fact.derivedDailyBudget;
    if (daily === null) summary.unlimited = true;
    else summary.dailyBudgetMinor = (summary.dailyBudgetMinor ?? 0) + daily;
  }
  return summaries;
}

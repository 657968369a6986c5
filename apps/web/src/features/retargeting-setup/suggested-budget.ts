import type { CampaignSettingsDto } from '@rtb/shared';

/**
 * How the retargeting set-up suggests a campaign's bid and daily budget (documented in
 * docs/architecture/web.md):
 *
 * - the maximum CPM is the platform's minimum × 1.5 (retargeted visitors are worth more than the
 *   floor; the user may change it), rounded up to 0.10;
 * - the daily budget is enough to show each person of the included audiences 3 ads a day at that
 *   CPM: size × 3 / 1000 × CPM, rounded up to a whole unit, and never below the platform's
 *   minimum daily budget (a new audience of 0 people gets the minimum).
 *
 * The campaign's frequency cap is the same 3 a day, so the budget is what the cap lets it spend.
 */
export const RETARGETING_FREQUENCY_PER_DAY = 3;
export const RETARGETING_CPM_FACTOR = 1.5;

/** Minor units: 0.10 and 1.00 of a two-decimal currency. */
const CPM_STEP = 10;
const BUDGET_STEP = 100;

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;

export interface SuggestedBudget {
  /** Minor units. */
  maxCpm: number;
  dailyBudget: number;
  frequencyPerDay: number;
}

export function suggestedBudget(
  settings: Pick<CampaignSettingsDto, 'minCpm' | 'minDailyBudget'>,
  audienceSize: number,
): SuggestedBudget {
  const maxCpm = Math.max(settings.minCpm, roundUp(settings.minCpm * RETARGETING_CPM_FACTOR, CPM_STEP));
  const impressions = Math.max(0, audienceSize) * RETARGETING_FREQUENCY_PER_DAY;
  const dailyBudget = Math.max(settings.minDailyBudget, roundUp((impressions * maxCpm) / 1000, BUDGET_STEP));
  return { maxCpm, dailyBudget, frequencyPerDay: RETARGETING_FREQUENCY_PER_DAY };
}

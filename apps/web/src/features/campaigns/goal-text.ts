import type { CampaignGoal } from '@rtb/shared';
import { type CurrencyLike, formatPercent } from '../../lib/format';
import { campaignSpend } from './campaign-money';

/**
 * An outcome goal's target as the panel writes amounts and percentages (spec section 9): a CPC or
 * CPA in the campaign's currency, a ROAS as a percent with 2 decimals; null for a max-CPM goal.
 */
export function goalTargetText(goal: CampaignGoal, currency: CurrencyLike): string | null {
  switch (goal.kind) {
    case 'maxCpm':
      return null;
    case 'targetCpc':
      return campaignSpend(goal.targetCpcMicros, currency);
    case 'targetCpa':
      return campaignSpend(goal.targetCpaMicros, currency);
    case 'targetRoas':
      // Basis points are hundredths of a percent.
      return formatPercent(goal.targetRoasBps / 100);
  }
}

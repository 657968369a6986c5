import {
  type BulkAmountChange,
  type CampaignBodyInput,
  type CampaignBulkChange,
  campaignMessages,
  changedByPercent,
} from '@rtb/shared';
import type { CampaignRow } from './repository';

/** A campaign's setting after the bulk change (as the form would send it), or why there is none. */
export type SettingAfter =
  | { ok: true; value: CampaignBodyInput[CampaignBulkChange['field']] }
  | { ok: false; error: string };

/**
 * An amount after its change: set, by a percentage (rounded half away from zero to the minor
 * unit, `changedByPercent`), or by an amount. An amount the campaign does not have (a daily
 * budget, an outcome goal's ceiling) cannot be moved, only set: `missing` says so.
 */
function amountAfter(before: number | null, change: BulkAmountChange, missing: string): SettingAfter {
  if (change.how === 'set') return { ok: true, value: change.amount };
  if (before === null) return { ok: false, error: missing };
  return {
    ok: true,
    value: change.how === 'percent' ? changedByPercent(before, change.percent) : before + change.amount,
  };
}

/** What the changed setting of the campaign becomes, before the form's checks. */
export function settingAfter(row: CampaignRow, bulk: CampaignBulkChange): SettingAfter {
  switch (bulk.field) {
    case 'maxCpm':
      return amountAfter(row.maxCpm, bulk.change, campaignMessages.noMaxCpm);
    case 'dailyBudget':
      return amountAfter(row.dailyBudget, bulk.change, campaignMessages.noDailyBudget);
    case 'totalBudget':
      return { ok: true, value: bulk.change.amount };
    case 'endDate':
      return { ok: true, value: bulk.endDate };
    case 'hoursOfWeek':
      return { ok: true, value: bulk.hoursOfWeek };
  }
}

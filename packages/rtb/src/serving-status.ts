import type { CampaignStatus, ServingReason, ServingStatusDto, StatusVerification } from '@rtb/shared';
import { localTime } from './local-time';

/** What decides whether a campaign serves, as the panel and the bidder know it. */
export type ServingFacts = {
  campaign: {
    status: CampaignStatus;
    startDate: string;
    endDate: string | null;
    hoursOfWeek: readonly number[] | null;
    /** Minor units. */
    totalBudget: number | null;
    dailyBudget: number | null;
    approvedBannerCount: number;
  };
  advertiser: {
    timeZone: string;
    statusVerification: StatusVerification;
    billingComplete: boolean;
    regulationAccepted: boolean;
    /** What may still be spent, in minor units: balance plus available credit (or the agency-funded balance). */
    fundsAvailable: number;
    /** Decimal places of its currency (2 for cents). */
    currencyMinorUnits: number;
  };
  /** Micro-units spent on the advertiser's current day and in the campaign's life. */
  spend: { todayMicros: number; totalMicros: number };
  now: Date;
};

/**
 * Whether a campaign serves now, and every reason it does not. Reasons come in the order a user
 * fixes them: the campaign's own state and dates, its creatives, the advertiser's account, money,
 * then what passes by itself (today's budget, the hours).
 */
export function servingStatus(facts: ServingFacts): ServingStatusDto {
  const { campaign, advertiser, spend } = facts;
  const reasons: ServingReason[] = [];
  const now = localTime(facts.now, advertiser.timeZone);
  const microsPerMinor = 10 ** (6 - advertiser.currencyMinorUnits);

  if (campaign.status !== 'active') reasons.push({ code: campaign.status });
  if (campaign.endDate !== null && campaign.endDate < now.day) reasons.push({ code: 'finished' });
  else if (campaign.startDate > now.day) reasons.push({ code: 'scheduled', date: campaign.startDate });
  if (campaign.approvedBannerCount === 0) reasons.push({ code: 'no_approved_creative' });
  if (advertiser.statusVerification !== 'verified') reasons.push({ code: 'advertiser_not_verified' });
  if (!advertiser.billingComplete) reasons.push({ code: 'billing_incomplete' });
  if (!advertiser.regulationAccepted) reasons.push({ code: 'regulation_not_accepted' });
  if (advertiser.fundsAvailable <= 0) reasons.push({ code: 'funds_exhausted' });
  if (campaign.totalBudget !== null && spend.totalMicros >= campaign.totalBudget * microsPerMinor)
    reasons.push({ code: 'total_budget_spent' });
  if (campaign.dailyBudget !== null && spend.todayMicros >= campaign.dailyBudget * microsPerMinor)
    reasons.push({ code: 'daily_budget_spent' });
  if (campaign.hoursOfWeek !== null && !campaign.hoursOfWeek.includes(now.hourOfWeek))
    reasons.push({ code: 'outside_hours' });

  return { serving: reasons.length === 0, reasons };
}

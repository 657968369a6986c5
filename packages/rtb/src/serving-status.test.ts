import { describe, expect, it } from 'vitest';
import { type ServingFacts, servingStatus } from './serving-status';

// Wednesday 2026-11-25 10:30 in Warsaw (UTC+1): hour of the week 2*24+10 = 58.
const now = new Date('2026-11-25T09:30:00Z');

const serving = (): ServingFacts => ({
  campaign: {
    status: 'active',
    startDate: '2026-11-01',
    endDate: null,
    hoursOfWeek: null,
    totalBudget: 100_00,
    dailyBudget: 10_00,
    approvedBannerCount: 1,
  },
  advertiser: {
    timeZone: 'Europe/Warsaw',
    statusVerification: 'verified',
    billingComplete: true,
    regulationAccepted: true,
    fundsAvailable: 1,
    currencyMinorUnits: 2,
  },
  spend: { todayMicros: 0, totalMicros: 0 },
  now,
});

type Change = {
  campaign?: Partial<ServingFacts['campaign']>;
  advertiser?: Partial<ServingFacts['advertiser']>;
  spend?: Partial<ServingFacts['spend']>;
};
const codesOf = (change: Change) => {
  const base = serving();
  const facts = {
    ...base,
    campaign: { ...base.campaign, ...change.campaign },
    advertiser: { ...base.advertiser, ...change.advertiser },
    spend: { ...base.spend, ...change.spend },
  };
  return servingStatus(facts).reasons.map((reason) => reason.code);
};

describe('servingStatus', () => {
  it('serves when nothing stands in the way', () => {
    expect(servingStatus(serving())).toEqual({ serving: true, reasons: [] });
  });

  it.each(['draft', 'paused', 'archived'] as const)('names the status %s', (status) => {
    expect(codesOf({ campaign: { status: status } })).toEqual([status]);
  });

  it('is scheduled until its first day in the advertiser’s time zone, with that day', () => {
    const facts = serving();
    facts.campaign.startDate = '2026-11-26';
    expect(servingStatus(facts).reasons).toEqual([{ code: 'scheduled', date: '2026-11-26' }]);
    // 23:30 UTC is already the 26th in Warsaw.
    facts.now = new Date('2026-11-25T23:30:00Z');
    expect(servingStatus(facts).serving).toBe(true);
  });

  it('is finished after its last day, and still serves on it', () => {
    expect(codesOf({ campaign: { endDate: '2026-11-24' } })).toEqual(['finished']);
    expect(codesOf({ campaign: { endDate: '2026-11-25' } })).toEqual([]);
  });

  it('names each missing condition of the creatives and the advertiser', () => {
    expect(codesOf({ campaign: { approvedBannerCount: 0 } })).toEqual(['no_approved_creative']);
    expect(codesOf({ advertiser: { statusVerification: 'pending' } })).toEqual(['advertiser_not_verified']);
    expect(codesOf({ advertiser: { billingComplete: false } })).toEqual(['billing_incomplete']);
    expect(codesOf({ advertiser: { regulationAccepted: false } })).toEqual(['regulation_not_accepted']);
    expect(codesOf({ advertiser: { fundsAvailable: 0 } })).toEqual(['funds_exhausted']);
  });

  it('stops at the budgets, counting micro-units against minor units of the currency', () => {
    expect(codesOf({ spend: { todayMicros: 9_999_999 } })).toEqual([]);
    expect(codesOf({ spend: { todayMicros: 10_000_000 } })).toEqual(['daily_budget_spent']);
    expect(codesOf({ spend: { totalMicros: 100_000_000 } })).toEqual(['total_budget_spent']);
    expect(
      codesOf({
        advertiser: { currencyMinorUnits: 0 },
        campaign: { dailyBudget: 10 },
        spend: { todayMicros: 10_000_000 },
      }),
    ).toEqual(['daily_budget_spent']);
  });

  it('is outside its hours when this hour of the advertiser’s week is not chosen', () => {
    expect(codesOf({ campaign: { hoursOfWeek: [58] } })).toEqual([]);
    expect(codesOf({ campaign: { hoursOfWeek: [57, 59] } })).toEqual(['outside_hours']);
  });

  it('lists every reason at once, in the order they are fixed', () => {
    expect(
      codesOf({
        campaign: { status: 'draft', approvedBannerCount: 0 },
        advertiser: { billingComplete: false },
      }),
    ).toEqual(['draft', 'no_approved_creative', 'billing_incomplete']);
  });
});

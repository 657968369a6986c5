import type { CampaignInput } from '@rtb/rtb';
import { describe, expect, it } from 'vitest';
import { MemoryBudgetStore } from '../budget/memory-budget-store';
import { PacingBook } from './pacing-book';

/** Noon in Warsaw: half its day gone. */
const NOON = new Date('2026-06-10T10:00:00Z');
const goal = { kind: 'targetCpa' as const, targetCpaMicros: 20_000_000, ceilingCpmMicros: null };
const priors = { clickProbability: 0.002, conversionProbability: 0.01, orderValueMicros: 1 };

function evenCampaign(outcome: CampaignInput['outcome']): CampaignInput {
  return {
    id: outcome ? 1 : 2,
    advertiserId: 10,
    currency: 'PLN',
    currencyMinorUnits: 2,
    timeZone: 'Europe/Warsaw',
    startDate: '2026-01-01',
    endDate: null,
    hoursOfWeek: null,
    totalBudgetMicros: null,
    dailyBudgetMicros: 1_000_000,
    maxCpmMicros: 4_000_000,
    outcome,
    holdoutBps: 0,
    pacing: 'even',
    frequencyCap: null,
    countries: [],
    deviceTypes: [],
    operatingSystems: [],
    includeDomains: [],
    excludeDomains: [],
    excludedCategories: [],
    includeAudiences: null,
    excludeAudiences: [],
    advertiserDomain: null,
    categories: [],
    marginBps: 2000,
    commissionBps: 0,
    banners: [],
  };
}

/**
 * A book whose campaign spent `spentMicros` today, its controller measured at noon, and again two
 * minutes later having spent `thenMicros` (the spend rate it learns).
 */
async function measured(campaign: CampaignInput, spentMicros: number, thenMicros = spentMicros) {
  let spent = spentMicros;
  const book = new PacingBook(
    new MemoryBudgetStore(),
    { campaign: () => campaign, spentOn: () => spent },
    (error) => {
      throw error;
    },
  );
  // The controller reads the spend in the background.
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  book.allows(campaign, NOON, () => 0.5);
  await settled();
  spent = thenMicros;
  book.allows(campaign, later, () => 0.5);
  await settled();
  return book;
}
const later = new Date(NOON.getTime() + 120_000);

describe('PacingBook', () => {
  it('paces an outcome goal by its price: the full value behind the curve, half a few minutes ahead, none past', async () => {
    const campaign = evenCampaign({ goal, priors, evidenceImpressions: 0 });
    expect((await measured(campaign, 400_000)).priceShare(campaign, later)).toBe(1);
    // Two minutes past noon the curve is at 501,389 and aims 10,000 further: 5,000 of room is half.
    expect((await measured(campaign, 506_389)).priceShare(campaign, later)).toBeCloseTo(0.5, 4);
    // Spending fast and past the curve: a max-CPM campaign would skip almost every auction.
    const ahead = await measured(campaign, 500_000, 600_000);
    expect(ahead.priceShare(campaign, later)).toBe(0);
    expect(ahead.allows(campaign, later, () => 0.99)).toBe(true);
  });

  it('paces a max-CPM campaign by skipping auctions, at its full price', async () => {
    const campaign = evenCampaign(null);
    const ahead = await measured(campaign, 500_000, 600_000);
    expect(ahead.priceShare(campaign, later)).toBe(1);
    expect(ahead.allows(campaign, later, () => 0.99)).toBe(false);
  });
});

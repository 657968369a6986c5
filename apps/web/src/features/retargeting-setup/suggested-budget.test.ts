import { describe, expect, it } from 'vitest';
import { suggestedBudget } from './suggested-budget';

const settings = { minCpm: 200, minDailyBudget: 1000 };

describe('suggestedBudget', () => {
  it('bids 1.5 × the minimum CPM and budgets 3 impressions a day for each person, rounded up to a whole unit', () => {
    // 10,000 people × 3 = 30,000 impressions at 3.00 per 1,000 = 90.00.
    expect(suggestedBudget(settings, 10_000)).toEqual({ maxCpm: 300, dailyBudget: 9000, frequencyPerDay: 3 });
    // 2,345 × 3 = 7,035 impressions × 3.00 / 1,000 = 21.105, rounded up to 22.00.
    expect(suggestedBudget(settings, 2_345).dailyBudget).toBe(2200);
    // 1.5 × 1.25 = 1.875, rounded up to 1.90.
    expect(suggestedBudget({ minCpm: 125, minDailyBudget: 1000 }, 0).maxCpm).toBe(190);
  });

  it('never goes below the platform’s minimum daily budget (an empty new audience gets it)', () => {
    expect(suggestedBudget(settings, 0).dailyBudget).toBe(1000);
    expect(suggestedBudget(settings, 100).dailyBudget).toBe(1000);
    expect(suggestedBudget(settings, -5).dailyBudget).toBe(1000);
    expect(suggestedBudget({ minCpm: 200, minDailyBudget: 5000 }, 3_000).dailyBudget).toBe(5000);
  });
});

import { describe, expect, it } from 'vitest';
import { seeded } from '../test-helpers';
import { initialPacing, pacingAllows, updatePacing } from './pacing';

interface Day {
  /** Bid opportunities in a second of the day (a fraction is the chance of one more). */
  opportunities: (second: number) => number;
  winRate: number;
  /** Clearing prices are drawn evenly between these (micro-units per impression). */
  price: [number, number];
  dailyBudgetMicros: number;
  seed: number;
}

const HOURS = 24;

/**
 * One day of a campaign serving all day, second by second: the bidder updates the controller
 * every second, lets each opportunity through by `pacingAllows`, wins some, and never spends
 * past the daily budget (the hard stop the budget reservation makes).
 */
function simulate(day: Day) {
  const random = seeded(day.seed);
  let pacing = initialPacing();
  let spent = 0;
  const hourly: number[] = [];
  const throttles: number[] = [];
  for (let second = 0; second < HOURS * 3600; second++) {
    pacing = updatePacing(pacing, {
      nowMs: Date.UTC(2026, 5, 10) + second * 1000,
      spentTodayMicros: spent,
      dailyBudgetMicros: day.dailyBudgetMicros,
      dayProgress: second / (HOURS * 3600),
    });
    const expected = day.opportunities(second);
    const count = Math.floor(expected) + (random() < expected % 1 ? 1 : 0);
    for (let i = 0; i < count; i++) {
      if (!pacingAllows(pacing, random) || random() >= day.winRate) continue;
      const price = Math.round(day.price[0] + random() * (day.price[1] - day.price[0]));
      if (spent + price <= day.dailyBudgetMicros) spent += price;
    }
    if ((second + 1) % 3600 === 0) {
      hourly.push(spent);
      throttles.push(pacing.throttle);
    }
  }
  return { hourly, throttles, spent };
}

function expectOnCurve(hourly: number[], budget: number): void {
  hourly.forEach((actual, hour) => {
    const ideal = (budget * (hour + 1)) / HOURS;
    expect(Math.abs(actual - ideal) / ideal, `hour ${hour + 1}: ${actual} vs ${ideal}`).toBeLessThan(0.1);
  });
}

describe('even pacing', () => {
  it('follows the ideal curve when opportunities are plentiful, ending the day at the budget', () => {
    // 30 opportunities a second, a third won at about 1,000 micro-units: about 10,000 a second
    // at full throttle, 12 times the 833 a second the budget needs.
    const budget = 72_000_000;
    const { hourly, throttles, spent } = simulate({
      opportunities: () => 30,
      winRate: 0.33,
      price: [500, 1500],
      dailyBudgetMicros: budget,
      seed: 1,
    });
    expectOnCurve(hourly, budget);
    expect(spent).toBeGreaterThanOrEqual(0.95 * budget);
    expect(spent).toBeLessThanOrEqual(budget);
    // About one opportunity in 12.
    expect(throttles[12]).toBeGreaterThan(0.05);
    expect(throttles[12]).toBeLessThan(0.12);
  });

  it('follows the curve when traffic swings over the day and prices vary widely', () => {
    const budget = 50_000_000;
    const { hourly, spent } = simulate({
      // From 6 to 114 opportunities a second, busiest in the afternoon.
      opportunities: (second) => 60 * (1 - 0.9 * Math.cos((2 * Math.PI * second) / 86_400)),
      winRate: 0.2,
      price: [100, 4000],
      dailyBudgetMicros: budget,
      seed: 2,
    });
    expectOnCurve(hourly, budget);
    expect(spent).toBeGreaterThanOrEqual(0.95 * budget);
    expect(spent).toBeLessThanOrEqual(budget);
  });

  it('bids on everything when opportunities are scarcer than the budget needs', () => {
    // About 300 micro-units a second at full throttle against 833 needed.
    const { throttles, spent } = simulate({
      opportunities: () => 1,
      winRate: 0.3,
      price: [500, 1500],
      dailyBudgetMicros: 72_000_000,
      seed: 3,
    });
    expect(throttles.every((throttle) => throttle === 1)).toBe(true);
    expect(spent).toBeLessThan(72_000_000 * 0.5);
  });

  it('ignores updates less than a second apart', () => {
    const first = updatePacing(initialPacing(), {
      nowMs: 0,
      spentTodayMicros: 0,
      dailyBudgetMicros: 1000,
      dayProgress: 0.5,
    });
    const soon = { nowMs: 999, spentTodayMicros: 1000, dailyBudgetMicros: 1000, dayProgress: 0.5 };
    expect(updatePacing(first, soon)).toBe(first);
    expect(updatePacing(first, { ...soon, nowMs: 1000, dayProgress: 0.51 }).throttle).toBe(0.001);
  });

  it('starts each day from the spend it measures, keeping what it learnt of the traffic', () => {
    let state = initialPacing();
    const budget = 86_400_000;
    // Half a day spending exactly on the curve at a throttle of 1: full throttle spends 1,000 a second.
    for (let second = 0; second <= 43_200; second += 60)
      state = updatePacing(state, {
        nowMs: second * 1000,
        spentTodayMicros: second * 1000,
        dailyBudgetMicros: budget,
        dayProgress: second / 86_400,
      });
    expect(state.throttle).toBeCloseTo(1, 6);
    // Midnight: spend and progress start again, the baseline moves and nothing is learnt from the drop.
    const midnight = updatePacing(state, {
      nowMs: 86_400_000,
      spentTodayMicros: 0,
      dailyBudgetMicros: budget / 10,
      dayProgress: 0,
    });
    expect(midnight).toMatchObject({ spentMicros: 0, progress: 0, fullRate: state.fullRate });
    // A tenth of the budget needs about a tenth of the opportunities, from the first second.
    expect(midnight.throttle).toBeCloseTo(0.1, 6);
  });
});

describe('pacingAllows', () => {
  it('lets everything through at full throttle (ASAP campaigns never leave it)', () => {
    expect(pacingAllows(initialPacing(), () => 0.999_999)).toBe(true);
    expect(pacingAllows(initialPacing(), () => 1)).toBe(true);
  });

  it('lets through the throttle’s share of draws', () => {
    const state = { ...initialPacing(), throttle: 0.25 };
    expect(pacingAllows(state, () => 0.2)).toBe(true);
    expect(pacingAllows(state, () => 0.3)).toBe(false);
  });
});

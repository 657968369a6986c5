import { describe, expect, it } from 'vitest';
import { initialPacing, pacingAllows, updatePacing } from './pacing';

/** A small seeded generator (mulberry32): the simulations are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Day {
  /** Bid opportunities per second (a function of the second of the day). */
  opportunities: (second: number) => number;
  winRate: number;
  /** Clearing prices are drawn evenly between these (micro-units per impression). */
  price: [number, number];
  dailyBudgetMicros: number;
  seed: number;
}

/** One day of a campaign, second by second; the daily budget is a hard stop as the reservation makes it. */
function simulate(day: Day) {
  const random = seeded(day.seed);
  let pacing = initialPacing();
  let spent = 0;
  const hourly: number[] = [];
  const throttles: number[] = [];
  for (let second = 0; second < 86_400; second++) {
    pacing = updatePacing(pacing, {
      nowMs: second * 1000,
      spentTodayMicros: spent,
      dailyBudgetMicros: day.dailyBudgetMicros,
      dayProgress: second / 86_400,
    });
    const count = day.opportunities(second);
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

describe('even pacing', () => {
  it('follows the ideal curve when opportunities are plentiful', () => {
    // 30 opportunities a second, a third won at about 1,000 micro-units: about 10,000 a second
    // at full throttle, 12 times the 833 a second the budget needs.
    const budget = 72_000_000;
    const { hourly, spent } = simulate({
      opportunities: () => 30,
      winRate: 0.33,
      price: [500, 1500],
      dailyBudgetMicros: budget,
      seed: 1,
    });
    hourly.forEach((actual, hour) => {
      const ideal = (budget * (hour + 1)) / 24;
      expect(Math.abs(actual - ideal) / ideal, `hour ${hour + 1}: ${actual} vs ${ideal}`).toBeLessThan(0.1);
    });
    expect(spent).toBeGreaterThanOrEqual(0.95 * budget);
    expect(spent).toBeLessThanOrEqual(budget);
  });
});

import { describe, expect, it } from 'vitest';
import { seeded } from '../test-helpers';
import { liftEstimate } from './lift-estimate';

const counts = {
  exposedUsers: 1_000,
  exposedConversions: 100,
  exposedRevenueMicros: 5_000_000_000,
  heldOutUsers: 1_000,
  heldOutConversions: 50,
  heldOutRevenueMicros: 2_000_000_000,
};

/** One lift test of users converting at the groups' true rates. */
function simulate(random: () => number, users: [number, number], rates: [number, number]) {
  const converted = (count: number, rate: number) => {
    let conversions = 0;
    for (let user = 0; user < count; user += 1) if (random() < rate) conversions += 1;
    return conversions;
  };
  return liftEstimate({
    exposedUsers: users[0],
    exposedConversions: converted(users[0], rates[0]),
    exposedRevenueMicros: 0,
    heldOutUsers: users[1],
    heldOutConversions: converted(users[1], rates[1]),
    heldOutRevenueMicros: 0,
  });
}

describe('liftEstimate', () => {
  it('gives rates, the incremental conversions and revenue among the exposed, and the relative lift', () => {
    const lift = liftEstimate(counts);
    expect(lift).toMatchObject({
      exposedRate: 0.1,
      heldOutRate: 0.05,
      relativeLift: 1,
      incrementalRevenueMicros: 3_000_000_000,
      significant: true,
    });
    expect(lift?.rateDifference).toBeCloseTo(0.05, 12);
    expect(lift?.incrementalConversions).toBeCloseTo(50, 9);
  });

  it("is Newcombe's hybrid score interval (his example: 56/70 against 48/80)", () => {
    const lift = liftEstimate({
      ...counts,
      exposedUsers: 70,
      exposedConversions: 56,
      heldOutUsers: 80,
      heldOutConversions: 48,
    });
    expect(lift?.rateDifferenceInterval[0]).toBeCloseTo(0.0524, 4);
    expect(lift?.rateDifferenceInterval[1]).toBeCloseTo(0.3339, 4);
  });

  it('covers the true difference in about 95 % of simulated tests', () => {
    const random = seeded(17);
    let covered = 0;
    const runs = 400;
    for (let run = 0; run < runs; run += 1) {
      const lift = simulate(random, [20_000, 2_000], [0.03, 0.025]);
      const [low, high] = lift?.rateDifferenceInterval ?? [0, 0];
      if (low <= 0.005 && 0.005 <= high) covered += 1;
    }
    expect(covered / runs).toBeGreaterThan(0.92);
    expect(covered / runs).toBeLessThan(0.98);
  });

  it('calls a real lift significant, and no lift rarely', () => {
    const random = seeded(18);
    const significantShare = (rates: [number, number]) => {
      let significant = 0;
      for (let run = 0; run < 200; run += 1)
        if (simulate(random, [20_000, 5_000], rates)?.significant) significant += 1;
      return significant / 200;
    };
    expect(significantShare([0.05, 0.035])).toBeGreaterThan(0.95);
    expect(significantShare([0.03, 0.03])).toBeLessThan(0.1);
  });

  it('has no estimate while a group is empty, no relative lift without held-out conversions', () => {
    expect(
      liftEstimate({ ...counts, heldOutUsers: 0, heldOutConversions: 0, heldOutRevenueMicros: 0 }),
    ).toBeNull();
    const lift = liftEstimate({ ...counts, heldOutConversions: 0, heldOutRevenueMicros: 0 });
    expect(lift?.relativeLift).toBeNull();
    expect(lift?.rateDifferenceInterval[0]).toBeGreaterThan(0);
  });

  it('refuses counts that are not whole, or more converted users than users', () => {
    expect(() => liftEstimate({ ...counts, exposedConversions: 1_001 })).toThrow(RangeError);
    expect(() => liftEstimate({ ...counts, heldOutUsers: 10.5 })).toThrow(RangeError);
    expect(() => liftEstimate({ ...counts, exposedRevenueMicros: -1 })).toThrow(RangeError);
  });
});

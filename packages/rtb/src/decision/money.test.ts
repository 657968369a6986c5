import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearingCost, netBidMicros, splitCost } from './money';

const shares = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 9999 }))
  .filter(([margin, commission]) => margin + commission < 10_000);

describe('netBidMicros', () => {
  it('takes margin and commission off the gross CPM and gives the price of one impression, rounded down', () => {
    expect(netBidMicros(4_000_000, 2000, 500)).toBe(3000);
    expect(netBidMicros(2_500_000, 1500, 0)).toBe(2125);
    expect(netBidMicros(1_234_567, 1000, 333)).toBe(1069); // 1069.96
    expect(netBidMicros(999, 0, 0)).toBe(0);
  });

  it('stays exact beyond 2^53 in the product', () => {
    expect(netBidMicros(9_000_000_000_000_000, 1, 0)).toBe(8_999_100_000_000);
  });

  it('refuses shares that leave nothing for the media', () => {
    expect(() => netBidMicros(1_000_000, 6000, 4000)).toThrow(RangeError);
    expect(() => netBidMicros(1_000_000, -1, 0)).toThrow(RangeError);
  });
});

describe('splitCost', () => {
  it('grosses the media up and splits it exactly', () => {
    expect(splitCost(3000, 2000, 500)).toEqual({
      grossMicros: 4000,
      mediaMicros: 3000,
      marginMicros: 800,
      commissionMicros: 200,
    });
    // 1000 / 0.7 = 1428.57: gross up to 1429, commission 10 % of it down to 142, margin the rest.
    expect(splitCost(1000, 2000, 1000)).toEqual({
      grossMicros: 1429,
      mediaMicros: 1000,
      marginMicros: 287,
      commissionMicros: 142,
    });
    expect(splitCost(0, 2000, 1000)).toEqual({
      grossMicros: 0,
      mediaMicros: 0,
      marginMicros: 0,
      commissionMicros: 0,
    });
  });

  it('always adds up, never under the media, within a micro-unit of media / (1 - share)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 39 }), shares, (media, [margin, commission]) => {
        const split = splitCost(media, margin, commission);
        expect(split.mediaMicros + split.marginMicros + split.commissionMicros).toBe(split.grossMicros);
        expect(split.grossMicros).toBeGreaterThanOrEqual(media);
        expect(split.marginMicros).toBeGreaterThanOrEqual(0);
        expect(split.commissionMicros).toBeGreaterThanOrEqual(0);
        // Gross is the ceiling of media / (1 - share): at or above it, and less than a micro-unit over.
        const net = BigInt(10_000 - margin - commission);
        const gross = BigInt(split.grossMicros);
        expect(gross * net >= BigInt(media) * 10_000n).toBe(true);
        expect((gross - 1n) * net < BigInt(media) * 10_000n).toBe(true);
      }),
    );
  });

  it('refuses shares of 100 % or more, and fractions of a micro-unit', () => {
    expect(() => splitCost(1000, 5000, 5000)).toThrow(RangeError);
    expect(() => splitCost(1.5, 0, 0)).toThrow(RangeError);
    expect(() => splitCost(2 ** 50, 9000, 900)).toThrow(RangeError);
  });
});

describe('clearingCost', () => {
  it('charges the clearing price converted up and grossed up', () => {
    // 500 USD micro-units at 4 PLN a dollar = 2000 PLN ones, grossed up by 25 %.
    expect(clearingCost(500, 400_000_000n, 2000, 500, 4000)).toEqual(splitCost(2000, 2000, 500));
  });

  it('never charges more than the bid reserved, even when rounding puts the price over it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.bigInt({ min: 1_000_000n, max: 10_000_000_000n }),
        shares,
        (price, fx, [margin, commission]) => {
          const reserved = splitCost(Math.floor((price * Number(fx)) / 1e8), margin, commission).grossMicros;
          const cost = clearingCost(price, fx, margin, commission, reserved);
          expect(cost.grossMicros).toBeLessThanOrEqual(reserved);
          expect(cost.mediaMicros + cost.marginMicros + cost.commissionMicros).toBe(cost.grossMicros);
        },
      ),
    );
  });
});

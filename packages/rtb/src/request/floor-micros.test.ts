import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FLOOR, unitsToMicrosRoundedUp } from './floor-micros';

describe('unitsToMicrosRoundedUp', () => {
  it.each([
    [0, 0],
    [0.03, 30_000],
    [0.07, 70_000],
    [1.005, 1_005_000],
    [0.57, 570_000],
    [9.95, 9_950_000],
    [0.0000001, 1],
    [0.0000011, 2],
    [5e-324, 1],
    [1e-6, 1],
    [12.3456789, 12_345_679],
    [MAX_FLOOR, 1e15],
  ])('%j units are %j micros', (units, micros) => {
    expect(unitsToMicrosRoundedUp(units)).toBe(micros);
  });

  it('is the exact value of any price with up to six decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e15 }),
        (micros) => unitsToMicrosRoundedUp(micros / 1e6) === micros,
      ),
    );
  });

  it('rounds up to the next micro-unit, never down', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: MAX_FLOOR, noNaN: true }), (units) => {
        const micros = unitsToMicrosRoundedUp(units);
        return Number.isSafeInteger(micros) && micros / 1e6 >= units && (micros - 1) / 1e6 <= units;
      }),
    );
  });
});

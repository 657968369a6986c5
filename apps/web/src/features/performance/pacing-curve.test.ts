import { describe, expect, it } from 'vitest';
import { hourIn, pacingCurve } from './pacing-curve';

const hours = Array.from({ length: 24 }, (_, index) => ({
  period: `2026-11-29 ${String(index).padStart(2, '0')}:00`,
  spendMicros: index < 3 ? 1_000_000 : 0,
}));

describe('the pacing curve', () => {
  it("adds today's spend up hour by hour, up to the current hour, beside the straight line to the budget", () => {
    const curve = pacingCurve(hours, 24_00, 4);
    expect(curve).toHaveLength(24);
    expect(curve.slice(0, 6).map((point) => point.spent)).toEqual([1, 2, 3, 3, 3, null]);
    expect(curve[0]).toMatchObject({ hour: '01:00', ideal: 1 });
    expect(curve[23]).toMatchObject({ hour: '24:00', ideal: 24, spent: null });
  });

  it('draws no line without a daily budget', () => {
    expect(pacingCurve(hours, null, 23).every((point) => point.ideal === null)).toBe(true);
  });

  it("reads the hour on the advertiser's clock", () => {
    const at = new Date('2026-11-29T23:30:00Z');
    expect(hourIn('UTC', at)).toBe(23);
    expect(hourIn('Europe/Warsaw', at)).toBe(0);
    expect(hourIn('America/New_York', at)).toBe(18);
  });
});

import { MIN_SHADING_OBSERVATIONS } from '@rtb/rtb';
import { describe, expect, it } from 'vitest';
import { SegmentCurves } from './segment-curves';

const fine = ['a|news.example|300x250', 'a|300x250', 'a'];
const other = ['a|blog.example|300x250', 'a|300x250', 'a'];

/** Outcomes of a market whose price to beat is 2,000 micro-units: bids from 1,000 to 3,000. */
function observe(curves: SegmentCurves, segments: readonly string[], count: number) {
  for (let i = 0; i < count; i += 1) {
    const bidMicros = 1_000 + ((i * 37) % 2_000);
    curves.observe(
      segments,
      bidMicros >= 2_000 ? { kind: 'won', bidMicros } : { kind: 'lost', bidMicros, minToWinMicros: null },
    );
  }
}

describe('SegmentCurves', () => {
  it("shades on the exchange's curve while no segment has learned enough, then on the finest that has", () => {
    const curves = new SegmentCurves();
    expect(curves.curveFor(fine).observations).toBe(0);
    observe(curves, other, MIN_SHADING_OBSERVATIONS);
    // The other domain taught its exchange and size, not this domain.
    expect(curves.curveFor(fine).observations).toBe(MIN_SHADING_OBSERVATIONS);
    expect(curves.curveFor(fine)).toBe(curves.curveFor(['b|x|1x1', 'a|300x250', 'a']));
    observe(curves, fine, MIN_SHADING_OBSERVATIONS);
    expect(curves.curveFor(fine).observations).toBe(MIN_SHADING_OBSERVATIONS);
    expect(curves.curveFor(fine)).not.toBe(curves.curveFor(other));
    expect(curves.size).toBe(5);
  });

  it('learns where the price to beat is', () => {
    const curves = new SegmentCurves();
    observe(curves, fine, 3 * MIN_SHADING_OBSERVATIONS);
    const curve = curves.curveFor(fine);
    expect(curve.winRate(1_500)).toBeLessThan(0.2);
    expect(curve.winRate(2_500)).toBeGreaterThan(0.8);
  });
});

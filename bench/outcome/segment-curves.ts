import {
  type AuctionOutcome,
  initialWinCurveState,
  LogLogisticWinCurve,
  MIN_SHADING_OBSERVATIONS,
} from '@rtb/rtb';

/** Where a segment's curve starts: a $1.00 CPM median, wide. */
const PRIOR_MEDIAN_MICROS = 1_000;

/**
 * Win-rate curves per segment, learned online from the notices. An impression's segments go
 * from the finest (exchange seat, domain, size) to coarser ones (exchange and size, exchange):
 * every outcome teaches each of them, and a bid is shaded on the finest whose curve has learned
 * from enough outcomes, so a segment still learning borrows its exchange's curve rather than
 * going unshaded.
 */
export class SegmentCurves {
  private readonly curves = new Map<string, LogLogisticWinCurve>();

  private curve(key: string): LogLogisticWinCurve {
    let curve = this.curves.get(key);
    if (!curve) {
      curve = new LogLogisticWinCurve(initialWinCurveState(PRIOR_MEDIAN_MICROS));
      this.curves.set(key, curve);
    }
    return curve;
  }

  /** The curve to shade on: the finest segment's with enough outcomes, else the coarsest's. */
  curveFor(segments: readonly string[]): LogLogisticWinCurve {
    const curves = segments.map((key) => this.curve(key));
    const trusted = curves.find((curve) => curve.observations >= MIN_SHADING_OBSERVATIONS);
    return trusted ?? this.curve(segments[segments.length - 1] ?? '');
  }

  observe(segments: readonly string[], outcome: AuctionOutcome): void {
    for (const key of segments) this.curve(key).observe(outcome);
  }

  get size(): number {
    return this.curves.size;
  }
}

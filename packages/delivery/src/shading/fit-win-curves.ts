import {
  type AuctionOutcome,
  initialWinCurveState,
  LogLogisticWinCurve,
  MIN_SHADING_OBSERVATIONS,
  type WinCurveState,
} from '@rtb/rtb';
import type { DeliveryDeps } from '../deps';
import { DAY_MS } from '../events/partition-days';
import { type OutcomeLimits, segmentOutcomes } from './segment-outcomes';
import { deleteWinCurvesUpdatedBefore, saveWinCurves } from './win-curves';

/** A curve not updated for this long is deleted: its segment has gone quiet, and what it knew is old. */
export const WIN_CURVE_STALE_MS = 7 * DAY_MS;

/**
 * A fit learns a segment's newest 20,000 outcomes: the curve follows about its last 5,000 anyway
 * (`LogLogisticWinCurve`), so older ones would hardly move it, and a busy segment costs no more
 * than that.
 */
const LIMITS: OutcomeLimits = { pageSize: 10_000, maxPerSegment: 20_000 };

export interface WinCurveFitOptions {
  /** The bids whose outcomes are learned: those made in the last `windowMs`. */
  windowMs: number;
  limits?: OutcomeLimits;
}

export interface WinCurveFit {
  /** Segments whose curve was stored: `MIN_SHADING_OBSERVATIONS` outcomes or more in the window. */
  fitted: number;
  /** Segments with outcomes, but fewer: not trusted, so not stored. */
  untrusted: number;
  /** Outcomes the stored curves learned. */
  observed: number;
  /** Curves deleted: not updated for `WIN_CURVE_STALE_MS`. */
  deleted: number;
}

/** The curve of a segment's outcomes (oldest first), from a prior at the median of its bids; null without a priced bid. */
function curveOf(outcomes: readonly AuctionOutcome[]): LogLogisticWinCurve | null {
  const bids = outcomes
    .map((outcome) => outcome.bidMicros)
    .filter((bid) => bid > 0)
    .sort((a, b) => a - b);
  const median = bids[Math.floor(bids.length / 2)];
  if (median === undefined) return null;
  const curve = new LogLogisticWinCurve(initialWinCurveState(median));
  for (const outcome of outcomes) curve.observe(outcome);
  return curve;
}

/**
 * Fits every first-price segment's win curve afresh from the outcomes of the bids made in the
 * window (`segmentOutcomes`: its newest, oldest first), from a prior at the median of its bids,
 * and stores those of `MIN_SHADING_OBSERVATIONS` outcomes or more as fitted at `now`; a segment
 * with fewer keeps the curve it has, if any, until it is `WIN_CURVE_STALE_MS` old and deleted.
 * Afresh rather than on from the stored state: the events are the truth, and a fit of them counts
 * each outcome once however often it runs or in how many processes; it takes a notice that came
 * late (a loss, or a win after its loss) as it is now, and keeps no cursor. The price is reading
 * the window every run.
 */
export async function fitWinCurves(
  deps: Pick<DeliveryDeps, 'db'>,
  now: Date,
  options: WinCurveFitOptions,
): Promise<WinCurveFit> {
  const window = { from: new Date(now.getTime() - options.windowMs), to: now };
  const trusted = new Map<string, WinCurveState>();
  let untrusted = 0;
  for await (const { segment, outcomes } of segmentOutcomes(deps.db, window, options.limits ?? LIMITS)) {
    const curve = outcomes.length >= MIN_SHADING_OBSERVATIONS ? curveOf(outcomes) : null;
    if (curve && curve.observations >= MIN_SHADING_OBSERVATIONS) trusted.set(segment, curve.state);
    else untrusted += 1;
  }
  const curves = [...trusted].map(([segment, state]) => ({ segment, state }));
  await saveWinCurves(deps.db, curves, now);
  const deleted = await deleteWinCurvesUpdatedBefore(deps.db, new Date(now.getTime() - WIN_CURVE_STALE_MS));
  return {
    fitted: curves.length,
    untrusted,
    observed: curves.reduce((sum, { state }) => sum + state.observations, 0),
    deleted,
  };
}

import type { AuctionOutcome } from './auction-outcome';
import type { WinRateCurve } from './win-rate-curve';

/**
 * A segment's highest competing bid H taken as log-logistic: ln H is logistic with `location`
 * and `scale`, so W(b) = P(H < b) = sigmoid((ln b - location) / scale), a smooth S of the log
 * price. Parametric, because the data are censored: a win says H < b, a loss H >= b, and only
 * a loss notice with the minimum to win gives H itself; the censored likelihood fits all three.
 */
export interface WinCurveState {
  location: number;
  /** ln of the scale (keeps it positive under gradient steps). */
  logScale: number;
  /** Moving averages of each parameter's squared gradient: its information per outcome. */
  locationInformation: number;
  logScaleInformation: number;
  observations: number;
}

/** Memory of the information averages (about the last 1,000 outcomes). */
const INFORMATION_MEMORY = 0.999;
/**
 * Each outcome moves a parameter by gradient / (n x information), n the outcomes so far: the
 * running maximum-likelihood estimate. n stops growing at `WINDOW`, so the curve keeps following
 * a market that moves, as if fitted to about its last 5,000 outcomes.
 */
const WINDOW = 5_000;
/** A first outcome or an odd one moves a parameter by at most this much. */
const MAX_STEP = 0.1;
const MIN_LOG_SCALE = Math.log(0.02);
const MAX_LOG_SCALE = Math.log(5);

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clampStep = (step: number) => Math.max(-MAX_STEP, Math.min(MAX_STEP, step));

/** A segment with no outcomes yet: centred on a prior median (the floor, or the platform's clearing prices), wide. */
export function initialWinCurveState(priorMedianMicros: number): WinCurveState {
  if (!(priorMedianMicros > 0))
    throw new RangeError(`A prior median of ${priorMedianMicros} is not positive.`);
  return {
    location: Math.log(priorMedianMicros),
    logScale: 0,
    locationInformation: 0,
    logScaleInformation: 0,
    observations: 0,
  };
}

const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Whether a stored value (a table's jsonb) is a curve's state: every number finite, the counts whole. */
export function isWinCurveState(value: unknown): value is WinCurveState {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    finite(s.location) &&
    finite(s.logScale) &&
    (s.logScale as number) >= MIN_LOG_SCALE &&
    (s.logScale as number) <= MAX_LOG_SCALE &&
    finite(s.locationInformation) &&
    finite(s.logScaleInformation) &&
    Number.isSafeInteger(s.observations) &&
    (s.observations as number) >= 0
  );
}

/** The win-rate curve of a segment, learned online from the notices of its auctions. */
export class LogLogisticWinCurve implements WinRateCurve {
  private readonly current: WinCurveState;

  constructor(state: WinCurveState) {
    this.current = { ...state };
  }

  /** A copy to keep (a restarted bidder goes on from it). */
  get state(): WinCurveState {
    return { ...this.current };
  }

  get observations(): number {
    return this.current.observations;
  }

  winRate(priceMicros: number): number {
    if (!(priceMicros > 0)) return 0;
    return sigmoid((Math.log(priceMicros) - this.current.location) / Math.exp(this.current.logScale));
  }

  /** Learns one outcome; a price that is not positive says nothing and is skipped. */
  observe(outcome: AuctionOutcome): void {
    const minToWin = outcome.kind === 'lost' ? (outcome.minToWinMicros ?? 0) : 0;
    const exact = minToWin > 0;
    const price = exact ? minToWin : outcome.bidMicros;
    if (!(price > 0)) return;
    const state = this.current;
    const scale = Math.exp(state.logScale);
    const z = (Math.log(price) - state.location) / scale;
    const p = sigmoid(z);
    // d log-likelihood / dz: of log p for a win, log(1 - p) for a loss, the log density at an exact H.
    const dz = exact ? 1 - 2 * p : outcome.kind === 'won' ? 1 - p : -p;
    const gradLocation = -dz / scale;
    const gradLogScale = -dz * z - (exact ? 1 : 0);
    const memory = INFORMATION_MEMORY;
    state.locationInformation = memory * state.locationInformation + (1 - memory) * gradLocation ** 2;
    state.logScaleInformation = memory * state.logScaleInformation + (1 - memory) * gradLogScale ** 2;
    state.observations += 1;
    // The averages start at 0: divided by the share of them filled so far, they are the mean.
    const weight = Math.min(state.observations, WINDOW) / (1 - memory ** state.observations);
    state.location += clampStep(gradLocation / (weight * state.locationInformation + Number.EPSILON));
    const logScale =
      state.logScale + clampStep(gradLogScale / (weight * state.logScaleInformation + Number.EPSILON));
    state.logScale = Math.min(MAX_LOG_SCALE, Math.max(MIN_LOG_SCALE, logScale));
  }
}

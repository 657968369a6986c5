/*
 * Even pacing: each campaign's bids are let through with a probability (the throttle) chosen so
 * that its spend follows the ideal curve, dayProgress x dailyBudget. The controller learns what
 * the campaign spends per unit of day progress at full throttle (a moving average of what it
 * spent over what it let through) and sets the throttle to spend, over the next short stretch
 * of the day (`PACING_HORIZON`), what takes it to the curve at the stretch's end: behind the curve it
 * bids more, ahead of it less. It needs no tuning to the traffic: scarce opportunities drive
 * the throttle to 1, plentiful ones down to what the budget needs.
 */

/** Bounds of the throttle: never quite closed, so the spend rate stays measurable. */
const MIN_THROTTLE = 0.001;
const MAX_THROTTLE = 1;
/** Updates closer together than this are ignored: too little happens in between to measure. */
const MIN_UPDATE_MS = 1_000;
/** Time constant of the moving average of the full-throttle spend rate. */
const SMOOTHING_MS = 300_000;
/** How far ahead (share of the day's serving time, about 15 minutes of a whole day) the controller aims at the curve. */
export const PACING_HORIZON = 0.01;

export interface PacingState {
  /** Probability (0.001..1) that a bid opportunity of the campaign is taken. */
  throttle: number;
  /** The last update that counted (Unix ms) and the spend and day progress then; null before the first. */
  updatedAtMs: number | null;
  spentMicros: number;
  progress: number;
  /** Spend per unit of day progress at a throttle of 1 (moving average); null until measured. */
  fullRate: number | null;
}

/** A campaign not yet measured bids on everything; ASAP campaigns stay so. */
export function initialPacing(): PacingState {
  return { throttle: MAX_THROTTLE, updatedAtMs: null, spentMicros: 0, progress: 0, fullRate: null };
}

const clampThrottle = (throttle: number) => Math.min(MAX_THROTTLE, Math.max(MIN_THROTTLE, throttle));

/** The throttle that spends what reaches the ideal curve a `PACING_HORIZON` from now. */
function throttleFor(fullRate: number, input: PacingInput): number {
  const { spentTodayMicros, dailyBudgetMicros, dayProgress } = input;
  const aim = Math.min(1, dayProgress + PACING_HORIZON) * dailyBudgetMicros - spentTodayMicros;
  if (aim <= 0) return MIN_THROTTLE;
  return fullRate > 0 ? clampThrottle(aim / PACING_HORIZON / fullRate) : MAX_THROTTLE;
}

export interface PacingInput {
  nowMs: number;
  /** What the campaign spent on the advertiser's current day (micro-units). */
  spentTodayMicros: number;
  dailyBudgetMicros: number;
  /** `dayProgress` of the campaign now. */
  dayProgress: number;
}

/** The controller after a new measurement; called often (at most once a second counts) for 'even' campaigns. */
export function updatePacing(state: PacingState, input: PacingInput): PacingState {
  const { nowMs, spentTodayMicros: spent, dayProgress: progress } = input;
  if (state.updatedAtMs !== null && nowMs - state.updatedAtMs < MIN_UPDATE_MS) return state;
  let fullRate = state.fullRate;
  const progressed = progress - state.progress;
  // The first update and a new day (spend and progress start again) only set the baseline;
  // outside the serving hours the day does not progress: nothing to learn from either.
  if (state.updatedAtMs !== null && spent >= state.spentMicros && progressed > 0) {
    const sample = (spent - state.spentMicros) / (progressed * state.throttle);
    const weight = 1 - Math.exp(-(nowMs - state.updatedAtMs) / SMOOTHING_MS);
    fullRate = fullRate === null ? sample : fullRate + weight * (sample - fullRate);
  }
  return {
    throttle: fullRate === null ? state.throttle : throttleFor(fullRate, input),
    fullRate,
    updatedAtMs: nowMs,
    spentMicros: spent,
    progress,
  };
}

/** Whether to bid on this opportunity: a draw of `random()` (0..1) against the throttle. */
export function pacingAllows(state: PacingState, random: () => number): boolean {
  return state.throttle >= MAX_THROTTLE || random() < state.throttle;
}

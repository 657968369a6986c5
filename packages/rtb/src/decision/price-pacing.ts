import { PACING_HORIZON, type PacingState } from './pacing';

/**
 * Paces a goal campaign by its price rather than by skipping auctions: the share of its value it
 * bids is what it may still spend (its allowance so far less its spend) over a buffer, at most 1.
 * Skipping auctions would buy the impressions likely to convert no more often than the others; a
 * lower price keeps the budget on them. Proportional to the room, so the spend settles on the
 * allowance where that share spends just that, without swinging around it.
 */
export function pacingMultiplier(roomMicros: number, bufferMicros: number): number {
  if (!(bufferMicros > 0)) throw new RangeError(`A pacing buffer of ${bufferMicros} is not positive.`);
  return Math.min(1, Math.max(0, roomMicros) / bufferMicros);
}

/**
 * An even-paced outcome goal's share of each impression's value it bids now: the room to the
 * ideal curve a `PACING_HORIZON` ahead (as the throttle aims) over the budget of that stretch.
 * Behind the curve it bids the full value; ahead of it, less, and nothing at the curve's end.
 * The full value before the controller has measured the day.
 */
export function pacingPriceShare(state: PacingState, dailyBudgetMicros: number): number {
  if (state.updatedAtMs === null || !(dailyBudgetMicros > 0)) return 1;
  const room = Math.min(1, state.progress + PACING_HORIZON) * dailyBudgetMicros - state.spentMicros;
  return pacingMultiplier(room, PACING_HORIZON * dailyBudgetMicros);
}

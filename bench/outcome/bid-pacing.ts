/** A goal campaign bids its full target while it has this many auctions' allowance in hand. */
export const PACING_BUFFER_AUCTIONS = 1_000;

/**
 * Paces a goal campaign by its price rather than by skipping auctions: the multiplier on its
 * target is what it may still spend (its allowance so far less its spend) over a buffer, at
 * most 1. Skipping auctions would buy the impressions likely to convert no more often than the
 * others; a lower target keeps the budget on them. Proportional to the room, so the spend
 * settles on the allowance where the multiplier spends just that, without swinging around it.
 */
export function pacingMultiplier(roomMicros: number, bufferMicros: number): number {
  if (!(bufferMicros > 0)) throw new RangeError(`A pacing buffer of ${bufferMicros} is not positive.`);
  return Math.min(1, Math.max(0, roomMicros) / bufferMicros);
}

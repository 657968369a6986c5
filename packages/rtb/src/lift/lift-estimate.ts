import { wilsonInterval } from './wilson';

/**
 * A lift test's counts: users of each group, those of them who converted (each once) and their
 * revenue (micro-units).
 */
export interface LiftCounts {
  exposedUsers: number;
  exposedConversions: number;
  exposedRevenueMicros: number;
  heldOutUsers: number;
  heldOutConversions: number;
  heldOutRevenueMicros: number;
}

export interface LiftEstimate {
  /** Conversions per user of each group. */
  exposedRate: number;
  heldOutRate: number;
  /** exposedRate - heldOutRate, and its 95 % confidence interval. */
  rateDifference: number;
  rateDifferenceInterval: [number, number];
  /** The difference over the held-out rate; null when no held-out user converted. */
  relativeLift: number | null;
  /** What the campaign added among the exposed users: conversions, and revenue (micro-units, rounded). */
  incrementalConversions: number;
  incrementalRevenueMicros: number;
  /** The interval leaves out 0: the campaign changed the conversion rate. */
  significant: boolean;
}

function assertCounts(users: number, conversions: number, revenue: number): void {
  if (
    ![users, conversions, revenue].every((count) => Number.isSafeInteger(count) && count >= 0) ||
    conversions > users
  )
    throw new RangeError(
      `${conversions} converted of ${users} users with ${revenue} revenue are not whole counts.`,
    );
}

/**
 * The lift of a campaign over its hold-out. The interval of the difference in rates is
 * Newcombe's hybrid score interval (method 10, 1998), from each group's Wilson interval: it
 * keeps its coverage with few conversions, where the normal approximation does not. Null
 * while a group has no users.
 */
export function liftEstimate(counts: LiftCounts): LiftEstimate | null {
  const { exposedUsers: n1, exposedConversions: x1, heldOutUsers: n2, heldOutConversions: x2 } = counts;
  assertCounts(n1, x1, counts.exposedRevenueMicros);
  assertCounts(n2, x2, counts.heldOutRevenueMicros);
  if (n1 === 0 || n2 === 0) return null;
  const [p1, p2] = [x1 / n1, x2 / n2];
  const [l1, u1] = wilsonInterval(x1, n1);
  const [l2, u2] = wilsonInterval(x2, n2);
  const difference = p1 - p2;
  const low = difference - Math.hypot(p1 - l1, u2 - p2);
  const high = difference + Math.hypot(u1 - p1, p2 - l2);
  return {
    exposedRate: p1,
    heldOutRate: p2,
    rateDifference: difference,
    rateDifferenceInterval: [low, high],
    relativeLift: x2 > 0 ? difference / p2 : null,
    incrementalConversions: difference * n1,
    incrementalRevenueMicros: Math.round(
      (counts.exposedRevenueMicros / n1 - counts.heldOutRevenueMicros / n2) * n1,
    ),
    significant: low > 0 || high < 0,
  };
}

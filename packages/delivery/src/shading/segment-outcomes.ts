import type { Database } from '@rtb/db';
import { type AuctionOutcome, winCurveSegment } from '@rtb/rtb';
import { firstPriceOutcomes, type OutcomeCursor } from './auction-outcomes-repository';

export interface SegmentOutcomes {
  /** `winCurveSegment`. */
  segment: string;
  /** Oldest first. */
  outcomes: AuctionOutcome[];
}

/** Rows read `pageSize` at a time; at most `maxPerSegment` outcomes of a segment, its newest. */
export interface OutcomeLimits {
  pageSize: number;
  maxPerSegment: number;
}

/**
 * Each segment's first-price outcomes of bids made in [from, to) (`firstPriceOutcomes`), its
 * newest `maxPerSegment` oldest first, one segment after the other: a segment's older outcomes
 * are skipped in the query (the next page starts at the next segment), and memory holds one page
 * and one segment.
 */
export async function* segmentOutcomes(
  db: Database,
  window: { from: Date; to: Date },
  limits: OutcomeLimits,
): AsyncGenerator<SegmentOutcomes> {
  let after: OutcomeCursor | null = null;
  // The segment being read, its outcomes newest first.
  let current = null as SegmentOutcomes | null;
  const full = (segment: SegmentOutcomes) => segment.outcomes.length >= limits.maxPerSegment;
  const done = (segment: SegmentOutcomes) => ({ ...segment, outcomes: segment.outcomes.reverse() });
  for (;;) {
    const page = await firstPriceOutcomes(db, { ...window, after, limit: limits.pageSize });
    for (const { segment, outcome } of page) {
      const name = winCurveSegment(segment);
      if (current?.segment !== name) {
        if (current) yield done(current);
        current = { segment: name, outcomes: [] };
      }
      if (!full(current)) current.outcomes.push(outcome);
    }
    const last = page.at(-1);
    if (!last || !current || page.length < limits.pageSize) break;
    after = { segment: last.segment, last: full(current) ? null : { bidAt: last.bidAt, bidId: last.bidId } };
  }
  if (current) yield done(current);
}

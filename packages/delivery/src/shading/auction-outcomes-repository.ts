import { type Database, selectRows } from '@rtb/db';
import type { AuctionOutcome } from '@rtb/rtb';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The OpenRTB 2.6 loss reasons (list 5.25, `${AUCTION_LOSS}`) that say our price lost: 100 below
 * the auction floor, 101 below the deal floor, 102 outbid. A loss notice without one (null) or
 * with 0 (the list's "bid won", which exchanges that do not say send) is taken as priced too:
 * most losses are, and leaving them out while keeping every win would make the market look
 * cheaper than it is. The other reasons never reached the price: the response was invalid or late
 * (1-10), the seat blocked (104), a deal preferred whatever the price (103), the creative filtered
 * (200-213), or a code of the exchange's own (500 and up).
 */
export const PRICE_LOSS_REASONS: readonly number[] = [0, 100, 101, 102];

/** A segment's columns (`winCurveSegment`'s parts; an unknown domain is ''). */
export interface SegmentColumns {
  currency: string;
  domain: string;
  width: number;
  height: number;
}

/** A first-price bid's outcome in its segment: when it was bid (its events' partition key) and its id. */
export interface FirstPriceOutcome {
  segment: SegmentColumns;
  bidAt: Date;
  bidId: string;
  outcome: AuctionOutcome;
}

/**
 * Where a page ended: in `segment`, after the bid `last` (older bids come next), or, with `last`
 * null, past the whole segment (the next segment comes next).
 */
export interface OutcomeCursor {
  segment: SegmentColumns;
  last: { bidAt: Date; bidId: string } | null;
}

/** Outcomes of bids made in [from, to), after the cursor, at most `limit`. */
export interface OutcomeWindow {
  from: Date;
  to: Date;
  after: OutcomeCursor | null;
  limit: number;
}

interface OutcomeRow {
  currency: string;
  domain: string;
  width: number | string;
  height: number | string;
  bid_at: Date | string;
  bid_id: string;
  bid_micros: number | string;
  won: boolean;
  min_to_win_micros: number | string | null;
}

/** A notice's segment, as the columns of `delivery_events e` give it. */
const SEGMENT = sql`(e.bid_context->>'cur', coalesce(e.domain, ''), (e.bid_context->>'w')::int, (e.bid_context->>'h')::int)`;

const segmentOf = (s: SegmentColumns) => sql`(${s.currency}, ${s.domain}, ${s.width}::int, ${s.height}::int)`;

function afterCursor(after: OutcomeCursor | null): SQL {
  if (!after) return sql``;
  const past = sql`${SEGMENT} > ${segmentOf(after.segment)}`;
  if (!after.last) return sql`and ${past}`;
  return sql`and (${past} or (${SEGMENT} = ${segmentOf(after.segment)}
    and (e.partition_at, e.bid_id) < (${after.last.bidAt.toISOString()}::timestamptz, ${after.last.bidId})))`;
}

function outcomeOf(row: OutcomeRow): FirstPriceOutcome {
  const bidMicros = Number(row.bid_micros);
  return {
    segment: {
      currency: row.currency,
      domain: row.domain,
      width: Number(row.width),
      height: Number(row.height),
    },
    bidAt: new Date(row.bid_at),
    bidId: row.bid_id,
    outcome: row.won
      ? { kind: 'won', bidMicros }
      : {
          kind: 'lost',
          bidMicros,
          minToWinMicros: row.min_to_win_micros === null ? null : Number(row.min_to_win_micros),
        },
  };
}

/**
 * The outcomes of our first-price bids (`bid_context.at` 1) made in the window, one per bid, by
 * segment and, within one, newest first (a segment's newest outcomes are what its curve keeps):
 * a bid is won when it has a win or impression event (a bot's impression too: the auction was
 * won), lost when it has a loss event for a price reason (`PRICE_LOSS_REASONS`) and neither; a
 * test request's events (`invalid_reason` 'test') are no market. A bid's events share its
 * partition key, so each read is bounded to the window's partitions; no index leads with the
 * segment, so a page scans them and sorts.
 */
export async function firstPriceOutcomes(db: Database, window: OutcomeWindow): Promise<FirstPriceOutcome[]> {
  const rows = await selectRows<OutcomeRow>(
    db,
    sql`
      select e.bid_context->>'cur' as currency, coalesce(e.domain, '') as domain,
        (e.bid_context->>'w')::int as width, (e.bid_context->>'h')::int as height,
        e.partition_at as bid_at, e.bid_id,
        max((e.bid_context->>'bid')::bigint) as bid_micros,
        bool_or(e.kind <> 'loss') as won,
        max(e.min_to_win_micros) as min_to_win_micros
      from delivery_events e
      where e.partition_at >= ${window.from.toISOString()}::timestamptz
        and e.partition_at < ${window.to.toISOString()}::timestamptz
        and e.kind in ('win', 'impression', 'loss') and e.bid_id is not null
        and e.bid_context->>'at' = '1'
        and e.invalid_reason is distinct from 'test'
        and (e.kind <> 'loss' or e.loss_reason is null
          or e.loss_reason = any(${sql.param(PRICE_LOSS_REASONS.map(String))}::text[]::int[]))
        ${afterCursor(window.after)}
      group by 1, 2, 3, 4, 5, 6
      order by 1, 2, 3, 4, 5 desc, 6 desc
      limit ${window.limit}`,
  );
  return rows.map(outcomeOf);
}

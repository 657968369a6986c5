import { type Database, deliveryEvents, insertRows } from '@rtb/db';
import { createDayPartition, type RecordedBidContext, utcDayOf } from '@rtb/delivery';

/** The advertiser of the events written here (delivery_events has no foreign keys). */
const ADVERTISER_ID = 1;

/** The context a bid's notices keep: its auction, currency, price and creative size. */
export const recordedContext = (change: Partial<RecordedBidContext> = {}): RecordedBidContext => ({
  w: 300,
  h: 250,
  os: null,
  hr: null,
  aud: null,
  age: null,
  pos: null,
  pc: null,
  pv: null,
  mc: null,
  mv: null,
  at: 1,
  ub: null,
  cur: 'PLN',
  bid: 1_000,
  ...change,
});

/** One of our bids and what its notice said. */
export interface MarketBid {
  bidId: string;
  bidAt: Date;
  domain: string;
  context: RecordedBidContext;
  /** A win notice; or a loss notice with its reason and minimum bid to win. */
  notice: { won: true } | { won: false; lossReason: number | null; minToWinMicros: number | null };
  /** A test request's (`invalid_reason` 'test'). */
  test?: boolean;
}

type EventRow = typeof deliveryEvents.$inferInsert;

function noticeRow(bid: MarketBid): EventRow {
  const { notice } = bid;
  return {
    eventKey: `${notice.won ? 'win' : 'loss'}:${bid.bidId}`,
    kind: notice.won ? 'win' : 'loss',
    source: notice.won ? 'nurl' : 'lurl',
    occurredAt: new Date(bid.bidAt.getTime() + 1_000),
    partitionAt: bid.bidAt,
    bidId: bid.bidId,
    advertiserId: ADVERTISER_ID,
    domain: bid.domain,
    bidContext: bid.context,
    invalidReason: bid.test ? 'test' : null,
    lossReason: notice.won ? null : notice.lossReason,
    minToWinMicros: notice.won ? null : notice.minToWinMicros,
  };
}

/** The bids' notices, straight into delivery_events (in the day partitions they need). */
export async function insertNotices(db: Database, bids: readonly MarketBid[]): Promise<void> {
  const rows = bids.map(noticeRow);
  for (const day of new Set(rows.map((row) => utcDayOf(row.partitionAt)))) await createDayPartition(db, day);
  await db.execute(insertRows(deliveryEvents, rows));
}

/** A market of competing bids: the highest other bid H is log-logistic, ln H logistic around ln median. */
export interface Market {
  median: number;
  scale: number;
}

/** Uniform in [0, 1): the fractional part of i x step (a Weyl sequence), the same on every run. */
const spread = (i: number, step: number) => (i * step) % 1;

/**
 * `count` first-price bids of `domain` against the market, evenly over [from, to): ours at prices
 * spread evenly over [low, high], won when above the highest other bid, else lost to a higher
 * bid (102), every third loss saying the minimum bid to win (that highest bid).
 */
export function marketBids(
  prefix: string,
  options: { domain: string; market: Market; count: number; from: Date; to: Date; low: number; high: number },
): MarketBid[] {
  const { market, count, low, high } = options;
  const stepMs = (options.to.getTime() - options.from.getTime()) / count;
  return Array.from({ length: count }, (_, i) => {
    // Irrational steps, so that the two draws of a bid are independent.
    const u = 0.001 + 0.998 * spread(i + 1, Math.SQRT2);
    const highest = market.median * Math.exp(market.scale * Math.log(u / (1 - u)));
    const price = Math.round(low + (high - low) * spread(i + 1, (1 + Math.sqrt(5)) / 2));
    const minToWinMicros = i % 3 === 0 ? Math.round(highest) : null;
    return {
      bidId: `${prefix}-${i}`,
      bidAt: new Date(options.from.getTime() + Math.floor(i * stepMs)),
      domain: options.domain,
      context: recordedContext({ bid: price }),
      notice: price > highest ? { won: true } : { won: false, lossReason: 102, minToWinMicros },
    };
  });
}

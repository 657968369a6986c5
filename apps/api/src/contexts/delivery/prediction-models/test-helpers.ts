import { type Database, deliveryEvents, insertRows } from '@rtb/db';
import { createDayPartition, type ImpressionBidContext, utcDayOf } from '@rtb/delivery';

/** The advertiser of the events written here (delivery_events has no foreign keys). */
const ADVERTISER_ID = 1;
export const CAMPAIGN_ID = 11;
export const BANNER_ID = 21;

export const bidContext = (change: Partial<ImpressionBidContext> = {}): ImpressionBidContext => ({
  w: 300,
  h: 250,
  os: 'windows',
  hr: 14,
  aud: null,
  age: null,
  pos: null,
  pc: null,
  pv: null,
  mc: null,
  mv: null,
  at: 2,
  ub: null,
  ...change,
});

/** A bid's impression, and its click and conversion if it had them. */
export interface BidOf {
  bidId: string;
  /** When the impression was billed. */
  at: Date;
  /** When the bid was made (its events' partition key); `at` unless given. */
  bidAt?: Date;
  /** Null: an impression recorded without one. */
  context?: ImpressionBidContext | null;
  domain?: string;
  deviceType?: string;
  invalid?: boolean;
  click?: { afterMs: number; invalid?: boolean };
  conversion?: { afterMs: number; attribution?: 'click' | 'view'; invalid?: boolean };
}

type EventRow = typeof deliveryEvents.$inferInsert;

function eventRow(bid: BidOf, change: Partial<EventRow> & Pick<EventRow, 'eventKey' | 'kind'>): EventRow {
  const partitionAt = bid.bidAt ?? bid.at;
  return {
    occurredAt: bid.at,
    partitionAt,
    bidId: bid.bidId,
    advertiserId: ADVERTISER_ID,
    campaignId: CAMPAIGN_ID,
    bannerId: BANNER_ID,
    country: 'PL',
    deviceType: bid.deviceType ?? 'desktop',
    domain: bid.domain ?? 'news.example',
    source: 'burl',
    invalidReason: null,
    attribution: null,
    bidContext: null,
    orderId: null,
    ...change,
  };
}

/** The rows of the bids' events, straight into delivery_events (in the day partitions they need). */
export async function insertBids(db: Database, bids: BidOf[]): Promise<void> {
  const rows: EventRow[] = [];
  for (const bid of bids) {
    rows.push(
      eventRow(bid, {
        eventKey: `impression:${bid.bidId}`,
        kind: 'impression',
        invalidReason: bid.invalid ? 'bot' : null,
        bidContext: bid.context === undefined ? bidContext() : bid.context,
      }),
    );
    const { click, conversion } = bid;
    const clickAt = new Date(bid.at.getTime() + (click?.afterMs ?? 0));
    if (click)
      rows.push(
        eventRow(bid, {
          eventKey: `click:${bid.bidId}`,
          kind: 'click',
          source: 'click',
          occurredAt: clickAt,
          invalidReason: click.invalid ? 'repeated_click' : null,
        }),
      );
    if (conversion) {
      const at = new Date(clickAt.getTime() + conversion.afterMs);
      rows.push(
        eventRow(bid, {
          eventKey: `conversion:${ADVERTISER_ID}:order-${bid.bidId}`,
          kind: 'conversion',
          source: 'postback',
          occurredAt: at,
          partitionAt: at,
          orderId: `order-${bid.bidId}`,
          attribution: conversion.attribution ?? 'click',
          invalidReason: conversion.invalid ? 'held' : null,
        }),
      );
    }
  }
  for (const day of new Set(rows.map((row) => utcDayOf(row.partitionAt)))) await createDayPartition(db, day);
  await db.execute(insertRows(deliveryEvents, rows));
}

/** The domain whose impressions are clicked most in `generatedBids` (30 %, the others 4 %). */
export const CLICKY_DOMAIN = 'clicky.example';
const DOMAINS = [CLICKY_DOMAIN, 'quiet-a.example', 'quiet-b.example', 'quiet-c.example'];

/**
 * An impression every 30 s from `from` for `hours`, the domains in turn, each clicked (10 s
 * later) by a fixed pattern: 3 in 10 of `CLICKY_DOMAIN`'s, 1 in 25 of the others'. `flipped`
 * swaps them: the clicky domain clicked least.
 */
export function generatedBids(prefix: string, from: Date, hours: number, flipped = false): BidOf[] {
  return Array.from({ length: hours * 120 }, (_, i) => {
    const domain = i % DOMAINS.length;
    const round = Math.floor(i / DOMAINS.length);
    const often = round % 10 < 3;
    const rarely = round % 25 === 0;
    const clicked = (domain === 0) !== flipped ? often : rarely;
    return {
      bidId: `${prefix}-${i}`,
      at: new Date(from.getTime() + i * 30_000),
      domain: DOMAINS[domain],
      deviceType: i % 3 ? 'desktop' : 'mobile',
      context: bidContext({ os: i % 2 ? 'windows' : 'android', hr: Math.floor(i / 120) % 24 }),
      ...(clicked ? { click: { afterMs: 10_000 } } : {}),
    };
  });
}

import { type Database, type PredictionModelKind, selectRows } from '@rtb/db';
import type { ImpressionFeatures } from '@rtb/rtb';
import { type DeviceType, deviceTypes, type OperatingSystem, operatingSystems } from '@rtb/shared';
import { type SQL, sql } from 'drizzle-orm';
import { isImpressionBidContext } from '../events/bid-context';
import { DAY_MS } from '../events/partition-days';

/** Where a page of examples ended (the click's or impression's time, then its event key): the next starts after it. */
export interface ExampleCursor {
  occurredAt: Date;
  eventKey: string;
}

/** Examples whose impression (click model) or click (conversion model) happened in [from, to), after `after`. */
export interface ExampleWindow {
  from: Date;
  to: Date;
  after: ExampleCursor | null;
  limit: number;
}

export interface TrainingExample {
  features: ImpressionFeatures;
  positive: boolean;
}

export interface ExamplePage {
  examples: TrainingExample[];
  /** Where to go on from; null when the window has no more rows. */
  next: ExampleCursor | null;
}

/**
 * How long after its bid an impression or click may be recorded and still be an example: the
 * rows are read from the partitions of [from - this, to) only (a bid's events are kept under its
 * time), not from every day of the retention. Exchanges bill within minutes and people click
 * within minutes of the impression; what comes a day late is left out.
 */
export const NOTICE_LAG_BOUND_MS = DAY_MS;

interface ExampleRow {
  event_key: string;
  occurred_at: Date | string;
  bid_context: unknown;
  domain: string | null;
  device_type: string | null;
  country: string | null;
  banner_id: number | string;
  campaign_id: number | string;
  positive: boolean;
}

const isDeviceType = (value: string | null): value is DeviceType => deviceTypes.includes(value as DeviceType);
const isOperatingSystem = (value: string | null): value is OperatingSystem =>
  operatingSystems.includes(value as OperatingSystem);

/** A row's features as the bidder scored them: the bid context and the impression's own columns. */
function exampleOf(row: ExampleRow): TrainingExample | null {
  const context = row.bid_context;
  // Written by the trackers from our signed tokens, but of any version: one that is not a context is no example.
  if (!isImpressionBidContext(context)) return null;
  return {
    positive: row.positive === true,
    features: {
      width: context.w,
      height: context.h,
      domain: row.domain,
      deviceType: isDeviceType(row.device_type) ? row.device_type : null,
      os: isOperatingSystem(context.os) ? context.os : null,
      country: row.country,
      localHour: context.hr,
      creativeId: Number(row.banner_id),
      campaignId: Number(row.campaign_id),
      audienceId: context.aud,
      lastProductViewAgeSeconds: context.age,
      adPosition: context.pos,
    },
  };
}

const earliestBidOf = (window: ExampleWindow) =>
  new Date(window.from.getTime() - NOTICE_LAG_BOUND_MS).toISOString();

/** The partitions the window's bids are kept in (`NOTICE_LAG_BOUND_MS`): each read prunes to them. */
function bidPartitions(alias: string, window: ExampleWindow): SQL {
  const e = sql.raw(alias);
  return sql`${e}.partition_at >= ${earliestBidOf(window)}::timestamptz and ${e}.partition_at < ${window.to.toISOString()}::timestamptz`;
}

/**
 * The rows of `alias` in the window: their time, their bids' partitions, after the cursor. No
 * index of delivery_events leads with `occurred_at`: a page scans the window's partitions (a day
 * or two) and sorts; an index on `(occurred_at, event_key)` of valid impressions and clicks would
 * make each page a range scan in this order.
 */
function windowOf(alias: string, window: ExampleWindow): SQL {
  const e = sql.raw(alias);
  const { after } = window;
  return sql`${e}.occurred_at >= ${window.from.toISOString()}::timestamptz
    and ${e}.occurred_at < ${window.to.toISOString()}::timestamptz and ${bidPartitions(alias, window)}
    ${after ? sql`and (${e}.occurred_at, ${e}.event_key) > (${after.occurredAt.toISOString()}::timestamptz, ${after.eventKey})` : sql``}`;
}

function pageOf(rows: ExampleRow[], limit: number): ExamplePage {
  const last = rows.at(-1);
  return {
    examples: rows.flatMap((row) => exampleOf(row) ?? []),
    next:
      last && rows.length >= limit
        ? { occurredAt: new Date(last.occurred_at), eventKey: last.event_key }
        : null,
  };
}

/**
 * The click model's examples: valid impressions with a bid context, in the order of their time,
 * each positive when its bid has a valid click (in the bid's partition:
 * `delivery_events_valid_click_idx`).
 */
export async function clickExamples(db: Database, window: ExampleWindow): Promise<ExamplePage> {
  const rows = await selectRows<ExampleRow>(
    db,
    sql`
      select e.event_key, e.occurred_at, e.bid_context, e.domain, e.device_type, e.country,
        e.banner_id, e.campaign_id,
        exists (
          select 1 from delivery_events c
          where c.bid_id = e.bid_id and c.partition_at = e.partition_at and ${bidPartitions('c', window)}
            and c.kind = 'click' and c.invalid_reason is null
        ) as positive
      from delivery_events e
      where e.kind = 'impression' and e.invalid_reason is null and e.bid_context is not null
        and e.campaign_id is not null and e.banner_id is not null
        and ${windowOf('e', window)}
      order by e.occurred_at, e.event_key
      limit ${window.limit}`,
  );
  return pageOf(rows, window.limit);
}

/**
 * The conversion model's examples: valid clicks whose impression (the same bid and partition)
 * has a bid context, in the order of the clicks' time, each positive when a valid conversion was
 * attributed to the click. A conversion is kept under its own time, never before its click's
 * bid: its partitions are those from the window's earliest bid on.
 */
export async function conversionExamples(db: Database, window: ExampleWindow): Promise<ExamplePage> {
  const rows = await selectRows<ExampleRow>(
    db,
    sql`
      select k.event_key, k.occurred_at, i.bid_context, i.domain, i.device_type, i.country,
        i.banner_id, i.campaign_id,
        exists (
          select 1 from delivery_events v
          where v.bid_id = k.bid_id and v.kind = 'conversion' and v.attribution = 'click'
            and v.invalid_reason is null and v.partition_at >= ${earliestBidOf(window)}::timestamptz
        ) as positive
      from delivery_events k
      join delivery_events i on i.bid_id = k.bid_id and i.partition_at = k.partition_at
        and i.kind = 'impression' and i.invalid_reason is null and ${bidPartitions('i', window)}
      where k.kind = 'click' and k.invalid_reason is null and i.bid_context is not null
        and i.campaign_id is not null and i.banner_id is not null
        and ${windowOf('k', window)}
      order by k.occurred_at, k.event_key
      limit ${window.limit}`,
  );
  return pageOf(rows, window.limit);
}

/** Each model's examples. */
export const examplesOf: Record<
  PredictionModelKind,
  (db: Database, window: ExampleWindow) => Promise<ExamplePage>
> = { click: clickExamples, conversion: conversionExamples };

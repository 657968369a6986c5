import { randomBytes, randomUUID } from 'node:crypto';
import { postSpend } from '@rtb/ledger';
import type { ConversionAttribution, DeliveryEventKind, InvalidTrafficReason } from '@rtb/shared';
import { checkConversions, isConfirmation } from '../conversions/conversion-checks';
import type { DeliveryDeps } from '../deps';
import { attributionOf } from './attribution';
import type { RecordedBidContext } from './bid-context';
import { addDailyStats } from './daily-stats';
import { addHourlyStats, addProductHourlyStats } from './hourly-stats';
import { retentionCutoff } from './partition-days';
import { bidEventsOf, claimOrders, type DeliveryEventRow, insertNewEvents, orderClaimOf } from './repository';
import { dailyDeltaOf, hourlyDeltaOf, mergeDailyDeltas, productDeltasOf } from './rollups';

/**
 * Which notice or request saw the event; `bid`, the bidder itself (a lift test's exposure or
 * ghost, at the campaign's turn to bid).
 */
export type DeliverySource =
  | 'nurl'
  | 'burl'
  | 'lurl'
  | 'pixel'
  | 'click'
  | 'conversion'
  | 'tag'
  | 'postback'
  | 'bid';

/** One event as the trackers saw it. Money in micro-units of the advertiser's currency. */
export interface DeliveryEventInput {
  /** Its key when fixed before (`loggedEvent`); else made from the event (`eventKeyOf`). */
  eventKey?: string;
  kind: DeliveryEventKind;
  source: DeliverySource;
  occurredAt: Date;
  advertiserId: number;
  /** Our bid (win, impression, loss, click); a conversion's is found by attribution. */
  bidId?: string | null;
  /**
   * When the bid was made (`BidToken.ts`; win, impression, loss, click): its events are kept in
   * the partition of that day, the same for every notice of the bid however late it comes.
   */
  bidAt?: Date | null;
  campaignId?: number | null;
  bannerId?: number | null;
  /** The advertiser's day the bid counts against (`BidToken.day`): its campaign's daily counters. */
  day?: string | null;
  userId?: string | null;
  country?: string | null;
  deviceType?: string | null;
  domain?: string | null;
  /**
   * A dynamic banner's products (`products.id`, from the signed token): an impression's the ones
   * it showed, a click's the one clicked. A conversion takes its touch's.
   */
  productKeys?: readonly number[] | null;
  /** What the exchange charged (win, impression). */
  clearingMicros?: number | null;
  /** An impression's gross cost and, of it, the margin and commission (the media is the rest); charged only when valid. */
  costMicros?: number;
  marginMicros?: number;
  commissionMicros?: number;
  /** A conversion's order id (its key: counted once per advertiser) and value in minor units. */
  orderId?: string | null;
  valueMinor?: number | null;
  /**
   * The confirmation of a held conversion of the order (`delivery/confirm-conversion.ts`): a
   * conversion of its own key, `confirmed:<advertiser>:<order id>`, at the held one's time, so
   * however often it is sent it counts once.
   */
  confirmation?: boolean;
  /** A loss notice's reason code (OpenRTB `${AUCTION_LOSS}`), when the exchange filled it in. */
  lossReason?: number | null;
  /** A bid's (win, impression, loss): what the bidder knew of it and predicted (from its signed token). */
  bidContext?: RecordedBidContext | null;
  /** A loss notice's minimum bid to win (`${AUCTION_MIN_TO_WIN}`), micro-units of the bid's currency. */
  minToWinMicros?: number | null;
  /** A shaded first-price impression's unshaded bid, media in the advertiser's currency. */
  unshadedMicros?: number | null;
  /** What the tracker knew already; clicks, losses and impressions are judged here against the bid's other events. */
  invalidReason?: 'bot' | 'test' | null;
}

export interface RecordedEvent {
  eventKey: string;
  /** False when the key was recorded before (a retried or repeated notice): nothing was counted. */
  recorded: boolean;
  invalidReason: InvalidTrafficReason | null;
  attribution: ConversionAttribution | null;
}

/**
 * `win:<bid>`, `impression:<bid>`, `loss:<bid>`, `click:<random>`, `conversion:<advertiser>:<order id>`
 * (`confirmed:...` for a held one's confirmation).
 */
export function eventKeyOf(event: DeliveryEventInput): string {
  if (event.eventKey) return event.eventKey;
  if (event.kind === 'click') return `click:${randomBytes(16).toString('base64url')}`;
  if (event.kind === 'conversion') {
    if (!event.orderId) throw new Error('A conversion needs its order id.');
    return `${event.confirmation ? 'confirmed' : 'conversion'}:${event.advertiserId}:${event.orderId}`;
  }
  if (!event.bidId) throw new Error(`A ${event.kind} needs its bid id.`);
  return `${event.kind}:${event.bidId}`;
}

/** The partition key (packages/db/src/schema/delivery.ts): the bid's time, or a conversion's own. */
function partitionAtOf(event: DeliveryEventInput): Date {
  if (event.kind === 'conversion') return event.occurredAt;
  if (!event.bidAt || Number.isNaN(event.bidAt.getTime()))
    throw new Error(`A ${event.kind} needs its bid time.`);
  return event.bidAt;
}

function rowOf(event: DeliveryEventInput, eventKey: string): DeliveryEventRow {
  const valid = !event.invalidReason;
  return {
    eventKey,
    partitionAt: partitionAtOf(event),
    kind: event.kind,
    source: event.source,
    occurredAt: event.occurredAt,
    advertiserId: event.advertiserId,
    bidId: event.bidId ?? null,
    campaignId: event.campaignId ?? null,
    bannerId: event.bannerId ?? null,
    userId: event.userId ?? null,
    country: event.country ?? null,
    deviceType: event.deviceType ?? null,
    domain: event.domain ?? null,
    productKeys: event.productKeys?.length ? [...event.productKeys] : null,
    clearingMicros: event.clearingMicros ?? null,
    lossReason: event.lossReason ?? null,
    bidContext: event.bidContext ?? null,
    minToWinMicros: event.kind === 'loss' ? (event.minToWinMicros ?? null) : null,
    unshadedMicros: event.kind === 'impression' ? (event.unshadedMicros ?? null) : null,
    // Only a valid impression is charged.
    costMicros: valid ? (event.costMicros ?? 0) : 0,
    marginMicros: valid ? (event.marginMicros ?? 0) : 0,
    commissionMicros: valid ? (event.commissionMicros ?? 0) : 0,
    orderId: event.orderId ?? null,
    valueMinor: event.valueMinor ?? null,
    invalidReason: event.invalidReason ?? null,
    attribution: null,
  };
}

const byKey = (a: DeliveryEventRow, b: DeliveryEventRow) =>
  a.eventKey < b.eventKey ? -1 : a.eventKey > b.eventKey ? 1 : 0;

/**
 * Records one batch of events in the caller's transaction (`deps.db`), each key once however
 * often it is sent, and adds what is new to the hourly and daily rollups and to the ledger (one
 * `postSpend` per advertiser). Clicks are judged against the impressions recorded before them
 * (this batch's included); conversions are counted once per advertiser and order id
 * (`conversion_orders`) and attributed to the user's last touch. An event of a bid older than
 * the raw events' retention is not recorded (what would tell its retry apart may be dropped).
 * Call it before the transaction touches delivery_events: a day partition it lacks is created
 * first. Answers each input in its order: `recorded` for the one that counted.
 */
export async function recordDeliveryEvents(
  deps: DeliveryDeps,
  events: DeliveryEventInput[],
): Promise<RecordedEvent[]> {
  const keys = events.map(eventKeyOf);
  // The first event of each key is the one tried; later copies share its outcome as repeats.
  const firstOf = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!firstOf.has(key)) firstOf.set(key, i);
  });
  const rows = new Map<number, DeliveryEventRow>();
  const cutoff = retentionCutoff(new Date(), deps.config.rawEventsRetentionDays);
  for (const i of firstOf.values()) {
    const row = rowOf(events[i] as DeliveryEventInput, keys[i] as string);
    if (row.partitionAt >= cutoff) rows.set(i, row);
  }
  await deps.eventPartitions.ensure(
    deps,
    [...rows.values()].map((row) => row.partitionAt),
  );
  const ofKind = (kinds: DeliveryEventKind[]) => [...rows.values()].filter((row) => kinds.includes(row.kind));
  const recorded = new Set<string>();
  // Rows in a fixed order (keys; valid clicks by bid), so two batches never wait for each other in a cycle.
  const insert = async (batch: DeliveryEventRow[]) => {
    for (const key of await insertNewEvents(deps.db, batch)) recorded.add(key);
  };

  const notices = ofKind(['win', 'impression', 'loss', 'render']);
  await judgeNotices(deps, notices);
  await insert(notices.sort(byKey));
  // A lift test's exposures and ghosts: its two groups, never counted, charged or attributed to.
  await insert(ofKind(['exposure', 'ghost']).sort(byKey));
  await recordClicks(deps, ofKind(['click']), insert, recorded);
  // A conversion claims its order; a held one's confirmation was claimed by it.
  const claimed = await claimOrders(
    deps.db,
    ofKind(['conversion'])
      .filter((row) => !isConfirmation(row))
      .sort(byKey)
      .map(orderClaimOf),
  );
  const conversions = ofKind(['conversion'])
    .filter((row) => isConfirmation(row) || claimed.has(`${row.advertiserId}:${row.orderId}`))
    .sort(byKey);
  const touchedAt = new Map<DeliveryEventRow, Date>();
  for (const row of conversions) {
    const touch = await attribute(deps, row);
    if (touch) touchedAt.set(row, touch);
  }
  await checkConversions(deps, conversions, touchedAt);
  await insert(conversions);

  const fresh = [...rows.entries()].filter(([, row]) => recorded.has(row.eventKey));
  await addRollups(
    deps,
    fresh.map(([i, row]) => ({ row, day: events[i]?.day ?? null })),
  );
  return keys.map((eventKey, i) => {
    const row = firstOf.get(eventKey) === i ? rows.get(i) : undefined;
    return row && recorded.has(eventKey)
      ? {
          eventKey,
          recorded: true,
          invalidReason: row.invalidReason ?? null,
          attribution: row.attribution ?? null,
        }
      : { eventKey, recorded: false, invalidReason: null, attribution: null };
  });
}

/**
 * What a bid's earlier events (recorded before, or in this batch) make of its notices: a loss of a
 * bid already won or billed is `loss_after_win` (it frees nothing), and an impression of a bid
 * whose render a bot loaded is the bot's (never billed). A valid impression's cost stays as the
 * billing notice gave it; an invalid one costs nothing.
 */
async function judgeNotices(deps: DeliveryDeps, notices: DeliveryEventRow[]) {
  const judged = notices.filter(
    (row) => (row.kind === 'loss' || row.kind === 'impression') && !row.invalidReason,
  );
  if (!judged.length) return;
  const earlier = await bidEventsOf(
    deps.db,
    judged.map((row) => ({
      bidId: row.bidId as string,
      range: deps.eventPartitions.rangeOf(row.partitionAt),
    })),
    ['win', 'impression', 'render'],
  );
  const won = new Set<string>();
  const seenByBot = new Set<string>();
  for (const event of [...earlier, ...notices]) {
    const bidId = event.bidId as string;
    if (event.kind === 'win' || event.kind === 'impression') won.add(bidId);
    if (event.kind === 'render' && event.invalidReason === 'bot') seenByBot.add(bidId);
  }
  for (const row of judged) {
    if (row.kind === 'loss' && won.has(row.bidId as string)) row.invalidReason = 'loss_after_win';
    if (row.kind === 'impression' && seenByBot.has(row.bidId as string))
      Object.assign(row, { invalidReason: 'bot', costMicros: 0, marginMicros: 0, commissionMicros: 0 });
  }
}

/**
 * A click counts when its bid was seen (a valid impression or render) and has no valid click yet. The first
 * candidate of each bid is inserted as valid; the partial unique index on valid clicks decides
 * against earlier and concurrent batches, and a loser is recorded as a repeated click.
 */
async function recordClicks(
  deps: DeliveryDeps,
  clicks: DeliveryEventRow[],
  insert: (rows: DeliveryEventRow[]) => Promise<void>,
  recorded: ReadonlySet<string>,
) {
  const judged = clicks.filter((click) => !click.invalidReason);
  const views = await bidEventsOf(
    deps.db,
    judged.map((click) => ({
      bidId: click.bidId as string,
      range: deps.eventPartitions.rangeOf(click.partitionAt),
    })),
    ['impression', 'render'],
  );
  const seen = new Set(views.filter((view) => !view.invalidReason).map((view) => view.bidId));
  const candidates = new Map<string, DeliveryEventRow>();
  for (const click of judged) {
    const bidId = click.bidId as string;
    if (!seen.has(bidId)) click.invalidReason = 'no_impression';
    else if (candidates.has(bidId)) click.invalidReason = 'repeated_click';
    else candidates.set(bidId, click);
  }
  const valid = [...candidates.values()].sort((a, b) => ((a.bidId as string) < (b.bidId as string) ? -1 : 1));
  await insert(valid);
  for (const click of valid) if (!recorded.has(click.eventKey)) click.invalidReason = 'repeated_click';
  await insert(clicks.filter((click) => !recorded.has(click.eventKey)).sort(byKey));
}

/**
 * Gives a valid conversion of a known user the bid, campaign and creative of its last touch;
 * answers when that touch happened (null without one).
 */
async function attribute(deps: DeliveryDeps, conversion: DeliveryEventRow): Promise<Date | null> {
  if (conversion.invalidReason || !conversion.userId) return null;
  const found = await attributionOf(deps.db, {
    advertiserId: conversion.advertiserId,
    userId: conversion.userId,
    occurredAt: conversion.occurredAt,
  });
  if (!found) return null;
  Object.assign(conversion, { ...found.touch, attribution: found.attribution });
  return found.touchedAt;
}

/** The rollups and the spend of the events this batch recorded, in the same transaction. */
async function addRollups(deps: DeliveryDeps, fresh: { row: DeliveryEventRow; day: string | null }[]) {
  const hourly = fresh.map(({ row }) => hourlyDeltaOf(row)).filter((d) => d !== null);
  await addHourlyStats(deps.db, hourly);
  await addProductHourlyStats(
    deps.db,
    fresh.flatMap(({ row }) => productDeltasOf(row)),
  );
  const daily = fresh.map(({ row, day }) => dailyDeltaOf(row, day)).filter((d) => d !== null);
  await addDailyStats(deps.db, mergeDailyDeltas(daily));

  // One spend batch per advertiser and campaign, so the ledger can tell a campaign's spend
  // (statements group it by campaign and day); the totals posted are the same either way.
  const spend = new Map<
    string,
    { advertiserId: number; campaignId: number | null; media: number; margin: number; commission: number }
  >();
  for (const { row } of fresh) {
    if (row.kind !== 'impression' || row.invalidReason || !row.costMicros) continue;
    const campaignId = row.campaignId ?? null;
    const key = `${row.advertiserId}:${campaignId ?? ''}`;
    const parts = spend.get(key) ?? {
      advertiserId: row.advertiserId,
      campaignId,
      media: 0,
      margin: 0,
      commission: 0,
    };
    const margin = row.marginMicros ?? 0;
    const commission = row.commissionMicros ?? 0;
    parts.media += row.costMicros - margin - commission;
    parts.margin += margin;
    parts.commission += commission;
    spend.set(key, parts);
  }
  const batchId = randomUUID();
  // Advertisers in id order: concurrent batches lock their accounts in the same order.
  const batches = [...spend.values()].sort(
    (a, b) => a.advertiserId - b.advertiserId || (a.campaignId ?? 0) - (b.campaignId ?? 0),
  );
  for (const { advertiserId, campaignId, ...parts } of batches)
    await postSpend(deps.db, {
      advertiserId,
      mediaMicros: parts.media,
      marginMicros: parts.margin,
      commissionMicros: parts.commission,
      reference:
        campaignId === null ? `${batchId}:${advertiserId}` : `${batchId}:${advertiserId}:${campaignId}`,
      ...(campaignId === null ? {} : { campaignId }),
    });
}

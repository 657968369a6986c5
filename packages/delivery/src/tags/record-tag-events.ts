import type { TagEventItem } from '@rtb/db';
import type { TagEventHint, TagWireEvent } from '@rtb/shared';
import { conversionValue } from '../conversions/conversion-value';
import type { DeliveryDeps } from '../deps';
import { type DeliveryEventInput, recordDeliveryEvents } from '../events/record-events';
import type { TagProfileEvent } from './profile-event';
import { feedProductsOf, productTypesOf } from './profile-events';
import { insertNewTagEvents, knownOrderIds, type TagEventRow } from './repository';
import type { TagAdvertiser } from './tag-key';

/** One event as the events endpoint received it: the validated wire event and what the request told. */
export interface TagEventInput {
  tag: TagAdvertiser;
  event: TagWireEvent;
  visitorId: string;
  /** Our `rtb_uid` cookie (the endpoint gives the browser one when it has none). */
  userId: string | null;
  receivedAt: Date;
  bot: boolean;
}

export interface RecordedTagEvent {
  eventKey: string;
  /** False when the event was recorded before (a resent one): nothing was counted. */
  recorded: boolean;
  /** A transaction that became a conversion (new, and in the advertiser's currency). */
  conversion: boolean;
  /** What the visitor's profile takes of a newly recorded event (the bidder applies it after the commit). */
  profile: TagProfileEvent | null;
}

const itemsOf = (event: TagWireEvent): TagEventItem[] | null =>
  'items' in event && event.items
    ? event.items.map((item) => ({ id: item.id, quantity: item.quantity, price: item.price ?? null }))
    : null;

function productIdsOf(event: TagWireEvent): string[] {
  if (event.type === 'viewList') return event.ids;
  if (event.type === 'viewItem' || event.type === 'addToCart') return [event.id];
  return itemsOf(event)?.map((item) => item.id) ?? [];
}

function quantityOf(event: TagWireEvent): number | null {
  if (event.type === 'addToCart') return event.quantity;
  const items = itemsOf(event);
  return items ? items.reduce((sum, item) => sum + item.quantity, 0) : null;
}

/** A transaction's value in the advertiser's minor units when it counts as a conversion; null when it does not. */
function conversionOf(input: TagEventInput): { valueMinor: number | null } | null {
  const { event, tag } = input;
  // A transaction without a currency cannot be told apart from one in another currency: no conversion.
  if (event.type !== 'trackTransaction' || !event.currency || !tag.conversions) return null;
  const counted = conversionValue(tag.conversions, event.value, event.currency);
  return 'refused' in counted ? null : counted;
}

function rowOf(input: TagEventInput, eventKey: string, hints: TagEventHint[]): TagEventRow {
  const { event } = input;
  const transaction = event.type === 'trackTransaction' ? event : null;
  return {
    eventKey,
    advertiserId: input.tag.advertiserId,
    type: event.type,
    receivedAt: input.receivedAt,
    visitorId: input.visitorId,
    userId: input.userId,
    pageUrl: event.page ?? null,
    productIds: productIdsOf(event),
    quantity: quantityOf(event),
    items: itemsOf(event),
    orderId: transaction?.orderId ?? null,
    value: transaction?.value ?? null,
    valueMinor: conversionOf(input)?.valueMinor ?? null,
    currency: transaction?.currency ?? null,
    bot: input.bot,
    hints,
  };
}

/**
 * Records one batch of the tag's events in the caller's transaction (`deps.db`), each event key
 * (`tag:<advertiser>:<event id>`) once however often it is sent. The debugger's hints are set
 * as the event arrives: a product id the feed does not have, a transaction without a currency,
 * and one whose order id an earlier transaction of the advertiser had. A new transaction in the advertiser's currency is also a
 * conversion, recorded in the same transaction through the delivery module (counted once per
 * order id with the conversion pixel's, and attributed the same way). Answers each input in its
 * order.
 */
export async function recordTagEvents(
  deps: DeliveryDeps,
  inputs: TagEventInput[],
): Promise<RecordedTagEvent[]> {
  const keys = inputs.map((input) => `tag:${input.tag.advertiserId}:${input.event.eventId}`);
  const firstOf = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!firstOf.has(key)) firstOf.set(key, i);
  });
  const firsts = [...firstOf.values()];
  const orderSeen = await ordersSentBefore(
    deps,
    firsts.map((i) => inputs[i] as TagEventInput),
  );
  const feeds = await feedProductsOf(
    deps,
    firsts.map((i) => {
      const { tag, event } = inputs[i] as TagEventInput;
      return { advertiserId: tag.advertiserId, productIds: productIdsOf(event) };
    }),
  );
  const rows = firsts.map((i) => {
    const input = inputs[i] as TagEventInput;
    const hints: TagEventHint[] = [];
    const feed = feeds.get(input.tag.advertiserId);
    if (productIdsOf(input.event).some((id) => !feed?.has(id))) hints.push('product_not_in_feed');
    if (input.event.type === 'trackTransaction') {
      if (!input.event.currency) hints.push('missing_currency');
      const order = `${input.tag.advertiserId}:${input.event.orderId}`;
      if (orderSeen.has(order)) hints.push('duplicate_order_id');
      orderSeen.add(order);
    }
    return rowOf(input, keys[i] as string, hints);
  });
  const recorded = await insertNewTagEvents(deps.db, rows);

  const conversions = new Map<string, DeliveryEventInput>();
  for (const i of firsts) {
    const input = inputs[i] as TagEventInput;
    const counted = conversionOf(input);
    const key = keys[i] as string;
    if (!counted || !recorded.has(key) || input.event.type !== 'trackTransaction') continue;
    conversions.set(key, {
      kind: 'conversion',
      source: 'tag',
      occurredAt: input.receivedAt,
      advertiserId: input.tag.advertiserId,
      orderId: input.event.orderId,
      valueMinor: counted.valueMinor,
      userId: input.userId,
      invalidReason: input.bot ? 'bot' : null,
    });
  }
  const converted = new Set<string>();
  if (conversions.size) {
    const results = await recordDeliveryEvents(deps, [...conversions.values()]);
    [...conversions.keys()].forEach((key, i) => {
      if (results[i]?.recorded) converted.add(key);
    });
  }
  return keys.map((eventKey, i) => {
    const first = firstOf.get(eventKey) === i;
    const input = inputs[i] as TagEventInput;
    const isNew = first && recorded.has(eventKey);
    const productIds = productIdsOf(input.event);
    return {
      eventKey,
      recorded: isNew,
      conversion: first && converted.has(eventKey),
      profile: isNew
        ? {
            advertiserId: input.tag.advertiserId,
            userId: input.userId,
            bot: input.bot,
            type: input.event.type,
            at: input.receivedAt.getTime(),
            productIds,
            productTypes: productTypesOf(
              { type: input.event.type, productIds },
              feeds.get(input.tag.advertiserId),
            ),
          }
        : null,
    };
  });
}

/** `<advertiser>:<order id>` of the batch's transactions that an earlier batch of the tag already sent. */
async function ordersSentBefore(deps: DeliveryDeps, inputs: TagEventInput[]): Promise<Set<string>> {
  const byAdvertiser = new Map<number, string[]>();
  for (const { tag, event } of inputs)
    if (event.type === 'trackTransaction')
      byAdvertiser.set(tag.advertiserId, [...(byAdvertiser.get(tag.advertiserId) ?? []), event.orderId]);
  const seen = new Set<string>();
  for (const [advertiserId, orderIds] of byAdvertiser)
    for (const orderId of await knownOrderIds(deps.db, advertiserId, orderIds))
      seen.add(`${advertiserId}:${orderId}`);
  return seen;
}

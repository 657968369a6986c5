import {
  type DeliveryDeps,
  type DeliveryEventInput,
  type LoggedEvent,
  loggedEvent,
  type RecordedTagEvent,
  type TagEventInput,
} from '@rtb/delivery';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { ProfileStore } from '../audiences/profile-store';
import type { BidToken, BidTokens, TokenUse } from '../bid-token';
import type { BudgetStore } from '../budget/budget-store';
import type { BidderConfig } from '../config';
import type { BidderMetrics } from '../metrics/bidder-metrics';
import type { ProductCatalogue } from '../products/product-catalogue';
import type { BudgetNote } from './budget-effects';
import type { CommitQueue } from './commit-queue';
import { refuse, unavailable } from './responses';
import type { TagKeys } from './tag-keys';

export interface TrackerContext {
  deps: DeliveryDeps;
  tokens: BidTokens;
  store: BudgetStore;
  /** The visitors' profiles the tag's new events are applied to once committed. */
  profiles: ProfileStore;
  /** Told of the products the tag's new events viewed, to load them before the visitor's next bid. */
  catalogue: ProductCatalogue;
  config: BidderConfig;
  log: FastifyBaseLogger;
  now?: () => Date;
  metrics: BidderMetrics;
  /** Told of an advertiser whose budget counters missed a committed event (the live index reloads it). */
  countersStale?: (advertiserId: number) => void;
}

/** What every tracker route works with. */
export interface Tracking {
  context: TrackerContext;
  /** Appends delivery events to the durable log: true for an event new there, false for one already waiting. */
  queue: CommitQueue<LoggedEvent<BudgetNote>, boolean>;
  /** The shop tag's events: a group-commit queue of their own. */
  tagQueue: CommitQueue<TagEventInput, RecordedTagEvent>;
  tagKeys: TagKeys;
  now: () => Date;
}

/**
 * The signed token of `?t=` made for `use` (the exchange's notices, or the browser's pixel and
 * clicks; a token of formats before `use` serves both), or null after answering 400 `bad_token`.
 */
export function tokenOf(
  tracking: Tracking,
  request: FastifyRequest,
  reply: FastifyReply,
  use: TokenUse,
): BidToken | null {
  const { t } = request.query as Record<string, unknown>;
  const token = typeof t === 'string' ? tracking.context.tokens.verify(t) : null;
  if (!token || (token.use !== undefined && token.use !== use)) {
    refuse(reply, 'bad_token');
    return null;
  }
  return token;
}

/** A known crawler or bot, by its user agent (recorded, never billed nor counted valid). */
export const isBotRequest = (request: FastifyRequest) => isbot(request.headers['user-agent'] ?? '');

/** Text PostgreSQL can store (no NUL, no lone surrogate) and of a bounded length. */
const storable = (text: string | null | undefined, max = 255): string | null =>
  text == null
    ? null
    : text
        .replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
        .slice(0, max);

/** An event of the token's bid, with its reporting dimensions. */
export function bidEvent(
  token: BidToken,
  event: Pick<DeliveryEventInput, 'kind' | 'source' | 'occurredAt'> & Partial<DeliveryEventInput>,
): DeliveryEventInput {
  return {
    advertiserId: token.adv,
    bidId: storable(token.bid),
    bidAt: new Date(token.ts),
    campaignId: token.cmp,
    bannerId: token.crt,
    day: token.day,
    userId: storable(token.usr),
    country: storable(token.geo),
    deviceType: storable(token.dev),
    domain: storable(token.dom),
    invalidReason: token.test ? 'test' : null,
    bidContext: token.ctx ? { ...token.ctx, cur: token.cur, bid: token.max } : null,
    ...event,
  };
}

/**
 * Appends the event to the durable log (answered once its batch committed: the event is then
 * acknowledged; its fold counts it and applies the note's budget effect), or answers 503 and
 * returns false. A copy of an event still waiting in the log is not appended again.
 */
export async function commit(
  tracking: Tracking,
  reply: FastifyReply,
  event: DeliveryEventInput,
  note?: BudgetNote,
): Promise<boolean> {
  let appended: boolean;
  try {
    appended = await tracking.queue.record(loggedEvent(event, note));
  } catch {
    unavailable(reply);
    return false;
  }
  if (!appended) tracking.context.metrics.tracked.inc({ type: event.kind, result: 'duplicate' });
  return true;
}

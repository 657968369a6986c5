import { z } from 'zod';
import { apiDateTime } from './common';

/**
 * The shop's tracking tag (issue 15, the integrations page's Tags tab). The shop pastes a snippet
 * that defines `window.rtbTag` (a queue until `/tag.js` loads, asynchronously) and calls it:
 *
 *   rtbTag('init', '<tag key>', { consent: 'granted' | 'pending' })  // pending: hold events
 *   rtbTag('consent', 'granted' | 'denied')                          // release or drop held ones
 *   rtbTag('viewHome')
 *   rtbTag('viewList', { ids: ['A1', 'B2'] })
 *   rtbTag('viewItem', { id: 'A1' })
 *   rtbTag('addToCart', { id: 'A1', quantity: 2 })
 *   rtbTag('viewBasket', { items: [{ id: 'A1', quantity: 2, price: '15.00' }] })
 *   rtbTag('trackTransaction', { orderId: 'ORD-1', value: '30.00', currency: 'PLN', items: [...] })
 *
 * The script sends events with `sendBeacon` (an image request when that fails) to the bidder's
 * events endpoint; every event carries an id made in the browser, so a resent one counts once.
 */
export const tagEventTypes = [
  'viewHome',
  'viewList',
  'viewItem',
  'addToCart',
  'viewBasket',
  'trackTransaction',
] as const;
export type TagEventType = (typeof tagEventTypes)[number];

/** What the debugger points out about an event (en and pl texts in the web app). */
export const tagEventHints = ['product_not_in_feed', 'missing_currency', 'duplicate_order_id'] as const;
export type TagEventHint = (typeof tagEventHints)[number];

/** `GET /api/advertiser/tag`: what the Tags tab shows about the advertiser's tag. */
export const tagSettingsSchema = z.object({
  /** Public: it is in the shop's pages. */
  tagKey: z.string(),
  scriptUrl: z.string(),
  /** The snippet to paste into every page's `<head>`, with the key in it. */
  snippet: z.string(),
  /** The newest counted event (people's: bots' events are kept but not counted); null before one. */
  lastEventAt: apiDateTime.nullable(),
  eventsLast7Days: z.number().int(),
  /** Events came, but only from bots: the status says so rather than that none came. */
  onlyBots: z.boolean(),
});
export type TagSettings = z.infer<typeof tagSettingsSchema>;

/**
 * One received event as the live debugger shows it (`GET /api/advertiser/tag/events`, newest
 * first, and the server-sent events of `GET /api/advertiser/tag/events/live`, event `tag-event`).
 */
export const tagDebugEventSchema = z.object({
  id: z.string(),
  type: z.enum(tagEventTypes),
  receivedAt: apiDateTime,
  pageUrl: z.string().nullable(),
  productIds: z.array(z.string()),
  quantity: z.number().int().nullable(),
  orderId: z.string().nullable(),
  /** A transaction's value as sent, a decimal string. */
  value: z.string().nullable(),
  currency: z.string().nullable(),
  /** Sent by a bot (user agent): kept, but left out of audiences and counts. */
  bot: z.boolean(),
  hints: z.array(z.enum(tagEventHints)),
});
export type TagDebugEvent = z.infer<typeof tagDebugEventSchema>;

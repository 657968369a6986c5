import { z } from 'zod';
import { apiDateTime, envelope } from './common';
import { tagDebugEventSchema, tagEventTypes, tagSettingsSchema } from './tags';

/**
 * What the tag script sends to the bidder's events endpoint (`POST /rtb/events`, a text/plain
 * JSON body, or `GET /rtb/events?d=<base64url JSON>`). It comes from strangers' browsers: every
 * field is bounded, and anything not named here refuses the whole batch.
 */

/** Letters, digits, punctuation, symbols and spaces: what PostgreSQL stores and a shop's order ids use. */
export const ORDER_ID_PATTERN = /^[\p{L}\p{N}\p{P}\p{S} ]{1,200}$/u;
/**
 * A decimal amount as a shop writes it (`30`, `30.5`, `30.00`): no sign, no exponent. The
 * conversion pixel accepts 15 whole digits; its minor units are capped later.
 */
export const DECIMAL_VALUE_PATTERN = /^(\d{1,15})(?:\.(\d{1,30}))?$/;

const randomKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/** A product id as a feed has it (Merchant Center: at most 50 characters). */
const productId = z
  .string()
  .max(50)
  .regex(/^[\p{L}\p{N}\p{P}\p{S} ]+$/u);
const quantity = z.number().int().min(1).max(10_000);
/** Nine whole digits at most: even in minor units of a three-decimal currency it stays a safe integer. */
const amount = z.string().regex(/^\d{1,9}(?:\.\d{1,6})?$/);
const item = z.strictObject({ id: productId, quantity: quantity.default(1), price: amount.optional() });
const items = z.array(item).min(1).max(100);

/** Fields every event has: its id (made in the browser: a resent event counts once) and the page. */
const common = {
  eventId: randomKey,
  /** The page's address: no spaces, control characters or lone surrogates (PostgreSQL stores neither). */
  page: z
    .string()
    .max(2048)
    .regex(/^https?:\/\/[^\s\p{Cc}\p{Cs}]+$/iu)
    .optional(),
};

export const tagWireEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...common, type: z.literal('viewHome') }),
  z.strictObject({ ...common, type: z.literal('viewList'), ids: z.array(productId).min(1).max(50) }),
  z.strictObject({ ...common, type: z.literal('viewItem'), id: productId }),
  z.strictObject({ ...common, type: z.literal('addToCart'), id: productId, quantity: quantity.default(1) }),
  z.strictObject({ ...common, type: z.literal('viewBasket'), items }),
  z.strictObject({
    ...common,
    type: z.literal('trackTransaction'),
    orderId: z.string().regex(ORDER_ID_PATTERN),
    value: amount.optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .transform((code) => code.toUpperCase())
      .optional(),
    items: items.optional(),
  }),
]);
export type TagWireEvent = z.infer<typeof tagWireEventSchema>;

/** The most events one request carries (the script sends at most this many at once). */
export const TAG_BATCH_MAX_EVENTS = 20;

export const tagWireBatchSchema = z.strictObject({
  tagKey: randomKey,
  /** The tag's first-party id of the visitor, kept on the shop's domain. */
  visitorId: randomKey,
  events: z.array(tagWireEventSchema).min(1).max(TAG_BATCH_MAX_EVENTS),
});
export type TagWireBatch = z.infer<typeof tagWireBatchSchema>;

/** `GET /api/advertiser/tag`. */
export const tagSettingsResponse = envelope({ tag: tagSettingsSchema });

/** `GET /api/advertiser/tag/events?limit=`: the newest events first. */
export const tagEventsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const tagEventsResponse = envelope({ tagEvents: z.array(tagDebugEventSchema) });

/** The hours `GET /api/advertiser/tag/events/summary` counts back from now. */
export const TAG_EVENT_SUMMARY_HOURS = 24;

/**
 * `GET /api/advertiser/tag/events/summary`: people's events (bots' left out) of the last 24 hours
 * by type, from `since` to now; the retargeting set-up shows them as the check that the tag works.
 */
export const tagEventSummarySchema = z.object({
  since: apiDateTime,
  counts: z.record(z.enum(tagEventTypes), z.number().int()),
  total: z.number().int(),
});
export type TagEventSummary = z.infer<typeof tagEventSummarySchema>;
export const tagEventSummaryResponse = envelope({ tagEventSummary: tagEventSummarySchema });

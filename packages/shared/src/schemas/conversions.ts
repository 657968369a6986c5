import { z } from 'zod';
import { apiDateTime, envelope } from './common';
import { conversionMessages } from './conversions-messages';
import { conversionAttributions } from './delivery';
import { DECIMAL_VALUE_PATTERN, ORDER_ID_PATTERN } from './tag-events';

/**
 * Conversions that cannot be inflated (issue 25). A conversion comes from one of three places:
 * - `pixel`: the conversion pixel (`GET /rtb/conversion`) in the shop's order confirmation page;
 * - `tag`: the shop tag's `trackTransaction`;
 * - `postback`: the shop's own server (`POST /rtb/postback`), signed with the advertiser's secret.
 * What a browser sends (pixel, tag) anyone can send: it is bounded and held when it looks wrong,
 * and counts only once confirmed (by a matching postback, or by the advertiser in the Tags tab).
 * A postback is the trusted path: it counts in full.
 */
export const conversionSources = ['pixel', 'tag', 'postback'] as const;
export type ConversionSource = (typeof conversionSources)[number];

/**
 * What became of a conversion: `counted` (in reports when it follows an ad), `held` (an anomaly,
 * left out of reports until confirmed), `confirmed` (held, then confirmed: counted once from
 * then on), `bot` (sent by a bot: never counted, unless a postback of its order confirms it).
 */
export const conversionStatuses = ['counted', 'held', 'confirmed', 'bot'] as const;
export type ConversionStatus = (typeof conversionStatuses)[number];

/** Why a browser conversion was held (en and pl texts in the web app). */
export const conversionHoldReasons = [
  'value_above_maximum',
  'too_many_from_user',
  'too_soon_after_click',
] as const;
export type ConversionHoldReason = (typeof conversionHoldReasons)[number];

/** Who confirmed a held conversion. */
export const conversionConfirmers = ['postback', 'user'] as const;
export type ConversionConfirmer = (typeof conversionConfirmers)[number];

/**
 * The most browser conversions (pixel and tag) one of our user ids makes at one shop in an hour
 * before the next ones are held: a shopper rarely places more than one or two orders an hour (a
 * second one for a forgotten item), while a forger sends one after another.
 */
export const BROWSER_CONVERSIONS_PER_USER_HOUR = 3;
/** Nobody clicks an ad and then completes a checkout this fast: a conversion sooner after its click is held. */
export const MIN_CLICK_TO_CONVERSION_SECONDS = 10;
/** An advertiser's maximum order value until it sets its own: this many whole units of its currency. */
export const DEFAULT_MAX_ORDER_VALUE_UNITS = 10_000;
/** The largest maximum order value an advertiser can set, in minor units (what a conversion's value may be at most). */
export const MAX_ORDER_VALUE_LIMIT_MINOR = 1_000_000_000_000;
/** The postback endpoint on the bidder (`RTB_PUBLIC_URL`). */
export const POSTBACK_PATH = '/rtb/postback';
/** A postback is one order: a few hundred bytes. */
export const POSTBACK_MAX_BYTES = 4096;
/** How far a postback's timestamp may be from our clock, either way. */
export const POSTBACK_TOLERANCE_SECONDS = 300;
/** Unix seconds when the shop's server signed the postback. */
export const POSTBACK_TIMESTAMP_HEADER = 'x-rtb-timestamp';
/** `sha256=` and the hex HMAC-SHA256, keyed with the secret, of `<timestamp>.<raw body>`. */
export const POSTBACK_SIGNATURE_HEADER = 'x-rtb-signature';

/**
 * The postback's JSON body (strict: a field not named here refuses it). The visitor is the tag's
 * first-party id (`visitorId`, the `_rtbvid` cookie the tag keeps on the shop's own domain, which
 * the shop's server reads from the buyer's request) and/or our user id (`userId`).
 */
export const postbackBodySchema = z.strictObject({
  advertiserId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  orderId: z.string().regex(ORDER_ID_PATTERN),
  /** A decimal amount ('199.99'); a JSON number is read as it is written. */
  value: z.union([
    z.string().regex(DECIMAL_VALUE_PATTERN),
    z
      .number()
      .nonnegative()
      .transform((value) => String(value))
      .pipe(z.string().regex(DECIMAL_VALUE_PATTERN)),
  ]),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((code) => code.toUpperCase()),
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  userId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .optional(),
});
export type PostbackBody = z.infer<typeof postbackBodySchema>;

/** What a postback is answered with (200). */
export const postbackResultSchema = z.object({
  /** `recorded`: a new conversion; `confirmed`: it confirmed the browser's held conversion of the order. */
  status: z.enum(['recorded', 'confirmed']),
  /** Whether it follows an ad of ours (a click or an impression within its campaign's windows): only then is it in reports. */
  attributed: z.boolean(),
});
export type PostbackResult = z.infer<typeof postbackResultSchema>;

/** `GET|PUT /api/advertiser/tag/conversion-settings`: the bounds of the browser's conversions. */
export const conversionSettingsSchema = z.object({
  /** The advertiser's currency; null until it has one (no conversion counts before). */
  currency: z.string().nullable(),
  /** Minor units of the currency; null: the default applies. */
  maxOrderValueMinor: z.number().int().nullable(),
  defaultMaxOrderValueMinor: z.number().int(),
});
export type ConversionSettings = z.infer<typeof conversionSettingsSchema>;
export const conversionSettingsResponse = envelope({ conversionSettings: conversionSettingsSchema });

export const conversionSettingsBody = z.object({
  /** Minor units; null goes back to the default. */
  maxOrderValueMinor: z
    .number({ error: conversionMessages.maxOrderValueRange })
    .int(conversionMessages.maxOrderValueRange)
    .min(1, conversionMessages.maxOrderValueRange)
    .max(MAX_ORDER_VALUE_LIMIT_MINOR, conversionMessages.maxOrderValueRange)
    .nullable(),
});
export type ConversionSettingsBody = z.infer<typeof conversionSettingsBody>;

/**
 * `GET /api/advertiser/tag/postback` and `POST .../postback/secret` (a new secret): what the
 * shop's server needs to send postbacks. Only users who may change integrations read it.
 */
export const postbackSettingsSchema = z.object({
  url: z.string(),
  advertiserId: z.number().int(),
  /** What a postback's currency must be; null until the advertiser has one. */
  currency: z.string().nullable(),
  secret: z.string(),
  secretCreatedAt: apiDateTime,
});
export type PostbackSettings = z.infer<typeof postbackSettingsSchema>;
export const postbackSettingsResponse = envelope({ postback: postbackSettingsSchema });

/** One conversion as the Tags tab's debugger shows it, newest first. */
export const conversionDebugSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  source: z.enum(conversionSources),
  receivedAt: apiDateTime,
  /** As counted or held, in minor units of `currency`. */
  valueMinor: z.number().int().nullable(),
  currency: z.string(),
  status: z.enum(conversionStatuses),
  holdReasons: z.array(z.enum(conversionHoldReasons)),
  /** Its ad touch (post-click or post-view); null: it follows no ad of ours, so no report counts it. */
  attribution: z.enum(conversionAttributions).nullable(),
  confirmedAt: apiDateTime.nullable(),
  confirmedBy: z.enum(conversionConfirmers).nullable(),
  /** What the confirmation counted: a postback's own value, else the held one. */
  confirmedValueMinor: z.number().int().nullable(),
});
export type ConversionDebug = z.infer<typeof conversionDebugSchema>;

/** `GET /api/advertiser/tag/conversions?status=held&limit=`. */
export const conversionsQuery = z.object({
  status: z.enum(conversionStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const conversionsResponse = envelope({
  conversions: z.array(conversionDebugSchema),
  /** How many of the advertiser's conversions wait for confirmation. */
  heldCount: z.number().int(),
});
export const conversionResponse = envelope({ conversion: conversionDebugSchema });

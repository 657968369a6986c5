import { z } from 'zod';
import { messages } from '../messages';
import { apiDateTime, envelope, listOf, pageQuery } from './common';

/**
 * Products from a shop's feed (issue 15, the advertiser panel's Products tab). A feed is Google
 * Merchant Center XML (RSS 2.0 or Atom), CSV or TSV; each item or row becomes a `FeedProduct`
 * or is rejected with reasons the web app names in en and pl.
 */
export const productAvailabilities = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
export type ProductAvailability = (typeof productAvailabilities)[number];

export const productConditions = ['new', 'refurbished', 'used'] as const;
export type ProductCondition = (typeof productConditions)[number];

/**
 * Why an item or row was rejected. `duplicate_id` is the importer's (an id seen earlier in the
 * same import); the others come from parsing one item or row.
 */
export const feedRejectionReasons = [
  'missing_id',
  'missing_title',
  'missing_link',
  'missing_image_link',
  'missing_price',
  'missing_availability',
  'invalid_link',
  'invalid_image_link',
  'invalid_price',
  'invalid_availability',
  'invalid_condition',
  'too_long',
  'duplicate_id',
  'malformed_row',
] as const;
export type FeedRejectionReason = (typeof feedRejectionReasons)[number];

/**
 * Why a whole feed could not be read on (the import stops; items parsed before it are kept).
 * `element_too_large`: one XML text, tag or comment over 1 MiB, more than any product holds.
 */
export const feedFormatErrorCodes = [
  'unrecognised_format',
  'unsupported_encoding',
  'malformed_xml',
  'element_too_large',
] as const;
export type FeedFormatErrorCode = (typeof feedFormatErrorCodes)[number];

/** `micros` is the amount in millionths (15.00 = 15_000_000); `currency` is null when the feed gives none. */
export const productPriceSchema = z.object({
  micros: z.number().int().nonnegative(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

/**
 * The sale price a banner shows (crossed-out regular price beside it): only one lower than the
 * price and in its currency (a sale price without a currency takes the price's); else null.
 */
export function shownSalePrice(price: ProductPrice, sale: ProductPrice | null): number | null {
  return sale !== null && sale.micros < price.micros && (sale.currency ?? price.currency) === price.currency
    ? sale.micros
    : null;
}

const optionalText = z.string().min(1).nullable();

/**
 * One product as parsed from a feed. Unknown attributes land in `extra` under their normalised
 * name (lower case, `_` for spaces); a repeated one keeps its values joined with `,`, as Google's
 * text feeds write repeated attributes.
 */
export const feedProductSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: optionalText,
  link: z.url(),
  imageLink: z.url(),
  additionalImageLinks: z.array(z.url()),
  price: productPriceSchema,
  salePrice: productPriceSchema.nullable(),
  availability: z.enum(productAvailabilities),
  brand: optionalText,
  gtin: optionalText,
  mpn: optionalText,
  condition: z.enum(productConditions).nullable(),
  googleProductCategory: optionalText,
  productType: optionalText,
  itemGroupId: optionalText,
  /** custom_label_0 to custom_label_4, by index. */
  customLabels: z.tuple([optionalText, optionalText, optionalText, optionalText, optionalText]),
  extra: z.record(z.string(), z.string()),
});
export type FeedProduct = z.infer<typeof feedProductSchema>;

/** One reason an item or row was rejected: the feed attribute (e.g. `price`) and the reason. */
export const feedRejectionSchema = z.object({
  attribute: z.string(),
  reason: z.enum(feedRejectionReasons),
});
export type FeedRejection = z.infer<typeof feedRejectionSchema>;

/*
 * The Products tab's API (advertiser panel, `integrations:read|write`): one feed per advertiser,
 * its imports (each with a summary and its rejected rows) and the products they keep.
 */

/** Where the feed comes from: a URL fetched on its schedule, or files the advertiser uploads. */
export const feedSources = ['url', 'upload'] as const;
export type FeedSource = (typeof feedSources)[number];

export const feedSchedules = ['hourly', 'daily'] as const;
export type FeedSchedule = (typeof feedSchedules)[number];

export const feedImportTriggers = ['upload', 'schedule', 'manual'] as const;
export type FeedImportTrigger = (typeof feedImportTriggers)[number];

/**
 * `not_modified`: the server answered 304 (or the same bytes came back), so nothing changed.
 * `failed`: nothing is marked removed; products read before the failure are kept as read.
 */
export const feedImportStatuses = ['queued', 'running', 'succeeded', 'not_modified', 'failed'] as const;
export type FeedImportStatus = (typeof feedImportStatuses)[number];

/**
 * Why an import failed as a whole: the feed's format, or fetching it. `interrupted`: the run
 * stopped half-way (the server restarted) and was given up.
 */
export const feedImportErrorCodes = [
  ...feedFormatErrorCodes,
  'fetch_failed',
  'http_status',
  'too_large',
  'timeout',
  'unsafe_address',
  'empty_feed',
  'interrupted',
] as const;
export type FeedImportErrorCode = (typeof feedImportErrorCodes)[number];

const feedUrl = z
  .string()
  .trim()
  .min(1, messages.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, message: messages.urlInvalid }).max(2048, messages.urlInvalid));

/** `PUT /api/advertiser/product-feed`: the feed's source and schedule. */
export const productFeedBody = z.discriminatedUnion('source', [
  z.object({ source: z.literal('url'), url: feedUrl, schedule: z.enum(feedSchedules) }),
  z.object({ source: z.literal('upload') }),
]);
export type ProductFeedBody = z.infer<typeof productFeedBody>;

export const feedImportSummarySchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  rejected: z.number().int(),
});
export type FeedImportSummary = z.infer<typeof feedImportSummarySchema>;

/** One import. `bytesTotal` is null when the size was not known up front (no Content-Length). */
export const feedImportSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(feedImportTriggers),
  status: z.enum(feedImportStatuses),
  format: z.enum(['xml', 'csv', 'tsv']).nullable(),
  bytesRead: z.number().int(),
  bytesTotal: z.number().int().nullable(),
  itemsRead: z.number().int(),
  summary: feedImportSummarySchema,
  errorCode: z.enum(feedImportErrorCodes).nullable(),
  /** Where the error was (line and column of a malformed XML, the HTTP status). */
  errorDetail: z.string().nullable(),
  createdAt: apiDateTime,
  startedAt: apiDateTime.nullable(),
  finishedAt: apiDateTime.nullable(),
});
export type FeedImport = z.infer<typeof feedImportSchema>;

/** `GET /api/advertiser/product-feed`: null `feed` until the advertiser sets one up. */
export const productFeedSchema = z.object({
  source: z.enum(feedSources),
  url: z.string().nullable(),
  schedule: z.enum(feedSchedules).nullable(),
  nextFetchAt: apiDateTime.nullable(),
  /** The newest import, whatever its status, and the newest one that succeeded. */
  lastImport: feedImportSchema.nullable(),
  lastSuccessfulImport: feedImportSchema.nullable(),
  /** Products the feed holds now (not removed). */
  productCount: z.number().int(),
});
export type ProductFeed = z.infer<typeof productFeedSchema>;

/** One rejected row of an import: the row (CSV/TSV, header = 1) or item (XML, first = 1) number. */
export const feedImportRejectionSchema = z.object({
  position: z.number().int(),
  productId: z.string().nullable(),
  attribute: z.string(),
  reason: z.enum(feedRejectionReasons),
});
export type FeedImportRejection = z.infer<typeof feedImportRejectionSchema>;

/**
 * A product as the browser shows it. `id` is the shop's; `key` is ours (`GET products/:key`).
 * `thumbnailUrl` is its image through our image proxy (never the shop's URL); `imageUrlTemplate`
 * is the proxy's path of it in every box (`productImageUrl` fills the box in), which the dynamic
 * banners' previews use. `removedAt` is set once an import no longer has it.
 */
export const productSchema = feedProductSchema.extend({
  key: z.number().int(),
  thumbnailUrl: z.string(),
  imageUrlTemplate: z.string(),
  removedAt: apiDateTime.nullable(),
  firstSeenAt: apiDateTime,
  updatedAt: apiDateTime,
});
export type Product = z.infer<typeof productSchema>;

/** What the shop's tag saw of a product in the last 30 days (bots left out). */
export const productTagActivitySchema = z.object({
  views: z.number().int(),
  addsToCart: z.number().int(),
  purchases: z.number().int(),
  lastEventAt: apiDateTime.nullable(),
});
export type ProductTagActivity = z.infer<typeof productTagActivitySchema>;

/** `GET /api/advertiser/products/:key`: the product and its events from the tag. */
export const productDetailSchema = productSchema.extend({ tagActivity: productTagActivitySchema });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** `GET /api/advertiser/products`: search in id, title, brand, gtin and mpn; filters; pages. */
export const productListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  availability: z.enum(productAvailabilities).optional(),
  brand: z.string().trim().max(200).optional(),
  productType: z.string().trim().max(750).optional(),
  /** `active` (default), `removed` or `all`. */
  state: z.enum(['active', 'removed', 'all']).default('active'),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** `GET /api/advertiser/products/facets`: the values the browser's brand and type filters offer. */
export const productFacetsSchema = z.object({
  brands: z.array(z.string()),
  productTypes: z.array(z.string()),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** `GET /api/advertiser/products/:key`. */
export const productKeyParams = z.object({ key: z.coerce.number().int().positive() });

/** The largest feed file an upload or a fetch may bring (and its content once unpacked). */
export const FEED_MAX_BYTES = 1024 * 1024 * 1024;

export const productFeedResponse = envelope({ productFeed: productFeedSchema.nullable() });
/** `PUT /api/advertiser/product-feed`: the feed as saved (there is one once it is set). */
export const savedProductFeedResponse = envelope({ productFeed: productFeedSchema });
export const feedImportResponse = envelope({ feedImport: feedImportSchema });
export const feedImportsResponse = envelope({ feedImports: listOf(feedImportSchema) });
export const feedImportRejectionsResponse = envelope({ rejections: listOf(feedImportRejectionSchema) });
export const productsResponse = envelope({ products: listOf(productSchema) });
export const productResponse = envelope({ product: productDetailSchema });
export const productFacetsResponse = envelope({ productFacets: productFacetsSchema });

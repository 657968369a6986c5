import { z } from 'zod';

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

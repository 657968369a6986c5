import { z } from 'zod';
import { audienceMessages } from './audiences-messages';
import { apiDateTime, envelope, listOf, pageQuery } from './common';

/**
 * Audiences (issue 15 item 3): rule-based lists of a shop's visitors, built from its tag's events
 * over a lookback of 1 to 90 days. A visitor is someone the tag saw with our user id (the
 * `rtb_uid` cookie the bidder knows), so the bidder can recognise them in a bid request.
 *
 * - `all_visitors`: any event;
 * - `product_viewers`: viewed a product (viewItem);
 * - `product_type_viewers`: viewed a product of `productType` (the feed's product_type; a type
 *   includes its subtypes, 'Home > Garden' includes 'Home > Garden > Tools');
 * - `cart_abandoners`: added to cart and bought nothing since;
 * - `buyers`: made a transaction.
 */
export const audienceRules = [
  'all_visitors',
  'product_viewers',
  'product_type_viewers',
  'cart_abandoners',
  'buyers',
] as const;
export type AudienceRule = (typeof audienceRules)[number];

export const audienceLookbackLimits = { min: 1, max: 90, default: 30 } as const;
/** Audiences a campaign may include, and exclude, each. */
export const CAMPAIGN_MAX_AUDIENCES = 20;

/** `POST /api/advertiser/audiences`, `PUT .../:id`. */
export const audienceBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    rule: z.enum(audienceRules),
    productType: z.string().trim().min(1).max(750).nullable().default(null),
    lookbackDays: z
      .number({ message: audienceMessages.lookbackRange })
      .int(audienceMessages.lookbackRange)
      .min(audienceLookbackLimits.min, audienceMessages.lookbackRange)
      .max(audienceLookbackLimits.max, audienceMessages.lookbackRange)
      .default(audienceLookbackLimits.default),
  })
  .superRefine((body, ctx) => {
    if (body.rule === 'product_type_viewers' && body.productType === null)
      ctx.addIssue({ code: 'custom', path: ['productType'], message: audienceMessages.productTypeRequired });
    if (body.rule !== 'product_type_viewers' && body.productType !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['productType'],
        message: audienceMessages.productTypeOnlyForTypeViewers,
      });
  });
export type AudienceBody = z.infer<typeof audienceBody>;
export type AudienceBodyInput = z.input<typeof audienceBody>;

export const audienceDto = z.object({
  id: z.number().int(),
  name: z.string(),
  rule: z.enum(audienceRules),
  productType: z.string().nullable(),
  lookbackDays: z.number().int(),
  /** Distinct users (with our user id, not bots) matching the rule now. */
  estimatedSize: z.number().int(),
  /** Campaigns that include or exclude it. */
  campaignCount: z.number().int(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
});
export type AudienceDto = z.infer<typeof audienceDto>;

export const audiencesQuery = pageQuery.extend({ search: z.string().trim().max(200).optional() });
export type AudiencesQuery = z.infer<typeof audiencesQuery>;
export const audienceEnvelope = envelope({ audience: audienceDto });
export const audiencesEnvelope = envelope({ audiences: listOf(audienceDto) });

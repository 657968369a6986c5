import { z } from 'zod';
import { messages } from '../messages';
import { bannerMessages } from './banners-messages';
import { apiDateTime, envelope, listOf, listQuery, pageQuery } from './common';
import { dynamicTemplateSchema } from './dynamic-banners';

/**
 * Creatives (the advertiser panel's `banners`). An image banner is one file; an HTML5 banner is
 * a ZIP with `index.html` and its assets. Both are served from `/creatives/<assetKey>/...`, a
 * path of their own with a sandboxing CSP (never with the panel's privileges). A dynamic banner
 * (issue 15) is a template and its logo (the file, an image of any size): it serves in every size of
 * `banner_sizes`, showing products of the shop's feed the bidder picks for the visitor.
 */
export const bannerTypes = ['image', 'html5', 'dynamic'] as const;
export type BannerType = (typeof bannerTypes)[number];

/** What the advertiser and the review see; only `approved` creatives can serve. */
export const bannerStatuses = ['pending', 'approved', 'rejected', 'archived'] as const;
export type BannerStatus = (typeof bannerStatuses)[number];

/** The reasons an admin picks from when rejecting (the web app names them in en and pl). */
export const bannerRejectionReasons = [
  'misleading',
  'prohibited_content',
  'adult_content',
  'poor_quality',
  'landing_page_broken',
  'landing_page_mismatch',
  'trademark',
  'other',
] as const;
export type BannerRejectionReason = (typeof bannerRejectionReasons)[number];

/** The image formats recognised by their bytes (SVG and everything else is refused). */
export const bannerImageMimeTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** HTML5 archives: limits on what a ZIP may unpack to. */
export const HTML5_MAX_FILES = 100;
export const HTML5_MAX_UNPACKED_BYTES = 5 * 1024 * 1024;

/** `WxH`, e.g. `300x250`. */
export const bannerSizePattern = /^(\d{1,4})x(\d{1,4})$/;
export const formatBannerSize = (width: number, height: number): string => `${width}x${height}`;

/** Who changed a creative or a campaign, and when. */
export const changedByDto = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const bannerDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  advertiserId: z.number().int(),
  name: z.string(),
  type: z.enum(bannerTypes),
  status: z.enum(bannerStatuses),
  /** The size it serves at; a dynamic banner's logo's pixels (it serves in every allowed size). */
  width: z.number().int(),
  height: z.number().int(),
  /** The file as uploaded: its MIME type (image) or `application/zip` (HTML5), and its bytes. */
  mimeType: z.string(),
  fileSize: z.number().int(),
  /** An animated GIF or WebP. */
  animated: z.boolean(),
  /** HTML5: the number of files in the archive. */
  fileCount: z.number().int().nullable(),
  landingUrl: z.string(),
  /** The creative at real size (an image, or the HTML5 banner's index.html; a dynamic banner's logo), on its own path. */
  previewUrl: z.string(),
  /** A dynamic banner's template; null for the other types. */
  template: dynamicTemplateSchema.nullable(),
  rejectionReason: z.enum(bannerRejectionReasons).nullable(),
  rejectionNote: z.string().nullable(),
  reviewedAt: apiDateTime.nullable(),
  reviewedBy: changedByDto,
  updatedBy: changedByDto,
  /** How many campaigns show it. */
  campaignCount: z.number().int(),
});
export type BannerDto = z.infer<typeof bannerDto>;

/** A creative in the admin's review queue, with its advertiser. */
export const bannerReviewItemDto = bannerDto.extend({
  advertiser: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    agency: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    creativesTrusted: z.boolean(),
  }),
  submittedAt: apiDateTime,
});
export type BannerReviewItemDto = z.infer<typeof bannerReviewItemDto>;

const landingUrlField = z
  .string()
  .trim()
  .min(1, messages.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, message: messages.urlInvalid }).max(2048, messages.urlInvalid));

/** The fields of an upload (the file travels in the same multipart request, field `file`). */
export const bannerUploadBody = z.object({
  /** Defaults to the file's name without its extension. */
  name: z.string().trim().max(200).optional(),
  landingUrl: landingUrlField,
});
export type BannerUploadBody = z.infer<typeof bannerUploadBody>;

/** What the advertiser edits; a new landing URL sends an approved banner back to review. */
export const bannerUpdateBody = z.object({
  name: z.string().trim().min(1).max(200),
  landingUrl: landingUrlField,
});
export type BannerUpdateBody = z.infer<typeof bannerUpdateBody>;

/**
 * A new dynamic banner: its name, the page its call to action falls back to (the shop), and its
 * template; the logo travels in the same multipart request, field `file`. Name and landing page
 * change as any banner's (`bannerUpdateBody`), the template with `PUT banners/:id/template`
 * (`dynamicTemplateSchema`), the logo as any banner's file; a new template or logo sends it to
 * review again, like a new file.
 */
export const dynamicBannerBody = z.object({
  name: z.string().trim().min(1).max(200),
  landingUrl: landingUrlField,
  ...dynamicTemplateSchema.shape,
});
export type DynamicBannerBody = z.infer<typeof dynamicBannerBody>;

/** Archive, or bring back (to review again, unless the advertiser is trusted). */
export const bannerStatusBody = z.object({ status: z.enum(['archived', 'pending']) });
export type BannerStatusBody = z.infer<typeof bannerStatusBody>;

/** The admin's decision. */
export const bannerReviewBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: z.enum(bannerRejectionReasons, { message: bannerMessages.rejectionReasonRequired }),
    note: z.string().trim().max(1000).default(''),
  }),
]);
export type BannerReviewBody = z.infer<typeof bannerReviewBody>;

export const bannerSortFields = ['createdAt', 'updatedAt', 'name', 'status'] as const;
export const bannersQuery = listQuery(bannerSortFields, 'createdAt').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(bannerStatuses).optional(),
  type: z.enum(bannerTypes).optional(),
  size: z.string().regex(bannerSizePattern).optional(),
});
export type BannersQuery = z.infer<typeof bannersQuery>;

/** The admin's lists: one advertiser's creatives, or the review queue (oldest first). */
export const adminBannersQuery = bannersQuery.extend({
  advertiserId: z.coerce.number().int().positive().optional(),
});
export type AdminBannersQuery = z.infer<typeof adminBannersQuery>;
export const bannerReviewQueueQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
export type BannerReviewQueueQuery = z.infer<typeof bannerReviewQueueQuery>;

/** What the upload screen tells the advertiser before they pick files (config values). */
export const bannerRulesDto = z.object({
  sizes: z.array(z.string()),
  maxFileBytes: z.number().int(),
  html5MaxFiles: z.number().int(),
  html5MaxUnpackedBytes: z.number().int(),
});
export type BannerRulesDto = z.infer<typeof bannerRulesDto>;

export const bannersResponse = envelope({ banners: listOf(bannerDto) });
export const bannerResponse = envelope({ banner: bannerDto });
export const bannerReviewQueueResponse = envelope({ banners: listOf(bannerReviewItemDto) });
export const bannerRulesResponse = envelope({ bannerRules: bannerRulesDto });

/** The IAB sizes every installation starts with (config value `banner_sizes`); 2x files serve at 1x. */
export const defaultBannerSizes = [
  '300x250',
  '336x280',
  '728x90',
  '970x90',
  '970x250',
  '160x600',
  '300x600',
  '120x600',
  '320x50',
  '320x100',
  '300x50',
  '468x60',
  '250x250',
  '200x200',
  '300x1050',
] as const;

/**
 * The size a file of `width` x `height` serves at, when it is one of `sizes` or exactly twice
 * one (a retina file); null otherwise.
 */
export function servedBannerSize(
  width: number,
  height: number,
  sizes: readonly string[],
): { width: number; height: number } | null {
  const allowed = new Set(sizes);
  if (allowed.has(formatBannerSize(width, height))) return { width, height };
  if (width % 2 === 0 && height % 2 === 0 && allowed.has(formatBannerSize(width / 2, height / 2)))
    return { width: width / 2, height: height / 2 };
  return null;
}

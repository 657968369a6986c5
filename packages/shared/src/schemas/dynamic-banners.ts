import { z } from 'zod';
import { dynamicBannerMessages } from './dynamic-banners-messages';

/**
 * Dynamic product banners (issue 15 item 4): one template, moderated once, served in every size
 * the platform allows, showing products of the shop's feed that the bidder picks for the user.
 * `single` shows one product; `trio` up to three where the size has room (one in the smallest).
 */
export const dynamicLayouts = ['single', 'trio'] as const;
export type DynamicLayout = (typeof dynamicLayouts)[number];

/** The pixels a logo may have on each side (it is scaled to fit; any size in between is taken). */
export const DYNAMIC_LOGO_MIN_PX = 16;
export const DYNAMIC_LOGO_MAX_PX = 4000;

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, dynamicBannerMessages.colourInvalid)
  .transform((value) => value.toLowerCase());

/** The look of a dynamic banner; the logo is an image uploaded with it. */
export const dynamicTemplateSchema = z.object({
  layout: z.enum(dynamicLayouts),
  backgroundColour: colour,
  textColour: colour,
  /** The call to action's button and the sale price. */
  accentColour: colour,
  callToAction: z
    .string()
    .trim()
    .min(1, dynamicBannerMessages.callToActionLength)
    .max(20, dynamicBannerMessages.callToActionLength),
});
export type DynamicTemplate = z.infer<typeof dynamicTemplateSchema>;

/**
 * The locale a dynamic banner writes prices in: the shop's first website locale, or `en` when it
 * has none or Intl cannot use it. The bidder's markup and the panel's previews both use it.
 */
export function shopPriceLocale(websiteLocales: readonly string[] | undefined): string {
  const [first] = websiteLocales ?? [];
  if (!first) return 'en';
  try {
    return Intl.NumberFormat.supportedLocalesOf([first]).length ? first : 'en';
  } catch {
    // A tag Intl cannot parse.
    return 'en';
  }
}

/** The square boxes (px) our image proxy renders product images in: thumbnails and banner tiles. */
export const productImageBoxes = [96, 160, 240, 320, 480, 640] as const;
export type ProductImageBox = (typeof productImageBoxes)[number];

/** The smallest box that shows an image of `px` sharply on a 2x screen (the largest when none does). */
export function productImageBoxFor(px: number): ProductImageBox {
  return productImageBoxes.find((box) => box >= 2 * px) ?? 640;
}

/**
 * Where our image proxy serves one product's image in every box: a path with `{box}` standing for
 * the box's side (`/img/products/<key>/{box}x{box}/<version>`); `productImageUrl` fills it in.
 * The API, the web previews and the bidder all build image URLs from it.
 */
export const productImageUrl = (template: string, box: ProductImageBox): string =>
  template.replaceAll('{box}', String(box));

import type { DynamicTemplate } from '@rtb/shared';
import { type DynamicLayoutPlan, planDynamicLayout } from './layout';
import { textWidthEm, wrappedLines } from './text-width';

/** A price smaller than this makes the banner show fewer products (one shows its price at any size). */
export const DYNAMIC_MIN_PRICE_PX = 9;
/** A call to action smaller than this is left out: every product is a link anyway. */
const MIN_CTA_PX = 8;
/** The banner's line height; the call to action's, in a button of two lines at most. */
export const DYNAMIC_LINE = 1.25;
export const DYNAMIC_CTA_LINE = 1.2;
/** The call to action's padding at each side; the gap between a title and its price. */
export const DYNAMIC_CTA_PAD = 4;
export const DYNAMIC_TITLE_GAP = 2;
/** A sale keeps its crossed-out regular price where that costs the price at most this much of its size. */
const OLD_PRICE_SHRINK = 0.7;

/** The sizes of a dynamic banner's texts. */
export interface DynamicTextPlan {
  priceFontPx: number;
  /** Sale prices show the regular price crossed out beside them (where every one has room). */
  oldPrices: boolean;
  /** Titles are never larger than prices. */
  titleFontPx: number;
  /** The lines of each title (clamped with an ellipsis); 0: no title. */
  titleLines: number;
  /** The call to action's font; null when it has no room. */
  ctaFontPx: number | null;
}

export interface DynamicPriceTexts {
  price: string;
  salePrice: string | null;
}

function fitCallToAction(text: string, box: { width: number; height: number }, maxPx: number) {
  for (let px = maxPx; px >= MIN_CTA_PX; px--) {
    const lines = Math.floor(box.height / (px * DYNAMIC_CTA_LINE));
    if (lines >= 1 && wrappedLines(text, (box.width - 2 * DYNAMIC_CTA_PAD) / px) <= lines) return px;
  }
  return null;
}

/**
 * The texts' sizes in `plan`'s tiles: each price on one line, whole, as large as the tile's text
 * box lets the longest (at most the banner's font size); the regular price of a sale beside it
 * only where that keeps the price large; the titles, no larger, in the lines left above it.
 */
export function fitDynamicTexts(
  plan: DynamicLayoutPlan,
  products: readonly DynamicPriceTexts[],
  callToAction: string,
): DynamicTextPlan {
  const { text } = plan.tile;
  const maxPx = Math.min(plan.fontPx, Math.floor(text.height / DYNAMIC_LINE));
  const priceFont = (withOld: boolean) =>
    Math.min(
      ...products.map((product) => {
        const shown = product.salePrice ?? product.price;
        const old = withOld && product.salePrice ? textWidthEm(` ${product.price}`) : 0;
        return Math.min(maxPx, Math.floor(text.width / (textWidthEm(shown) + old)));
      }),
    );
  const alone = priceFont(false);
  const withOld = priceFont(true);
  const oldPrices =
    products.some((product) => product.salePrice !== null) &&
    withOld >= DYNAMIC_MIN_PRICE_PX &&
    withOld >= alone * OLD_PRICE_SHRINK;
  const priceFontPx = Math.max(1, oldPrices ? withOld : alone);
  const titleFontPx = Math.min(plan.fontPx, priceFontPx);
  const titleRoom = text.height - priceFontPx * DYNAMIC_LINE - DYNAMIC_TITLE_GAP;
  return {
    priceFontPx,
    oldPrices,
    titleFontPx,
    titleLines: Math.max(
      0,
      Math.min(plan.tile.titleLines, Math.floor(titleRoom / (titleFontPx * DYNAMIC_LINE))),
    ),
    ctaFontPx: plan.cta && fitCallToAction(callToAction, plan.cta, plan.fontPx),
  };
}

/**
 * The layout and texts of a banner showing `products` (best first): as many as the size has
 * room for, fewer where a price would otherwise be smaller than `DYNAMIC_MIN_PRICE_PX`.
 */
export function fitDynamicBanner(
  width: number,
  height: number,
  template: DynamicTemplate,
  products: readonly DynamicPriceTexts[],
): { plan: DynamicLayoutPlan; texts: DynamicTextPlan } {
  for (let count = products.length; ; ) {
    const plan = planDynamicLayout(width, height, template.layout, count);
    const texts = fitDynamicTexts(plan, products.slice(0, plan.count), template.callToAction);
    if (texts.priceFontPx >= DYNAMIC_MIN_PRICE_PX || plan.count === 1) return { plan, texts };
    count = plan.count - 1;
  }
}

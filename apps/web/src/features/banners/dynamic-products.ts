import { type DynamicProductView, productPriceText } from '@rtb/rtb/dynamic';
import { type Product, productImageUrl, shownSalePrice } from '@rtb/shared';

/** How many products a preview needs: the `trio` layout shows up to three. */
export const PREVIEW_PRODUCT_COUNT = 3;

/** The preview's stand-in for the impression pixel: a transparent GIF that goes nowhere. */
export const PREVIEW_PIXEL_URL =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * A product of the shop's feed as the banner shows it: the price in the shop's locale, the sale
 * price only when it is lower and in the same currency (as the bidder's catalogue counts it), the
 * image through our proxy in the box the layout asks for, and the product's own page as its link
 * (the bidder puts its click tracker in front).
 */
export function feedProductView(product: Product, locale: string): DynamicProductView {
  const currency = product.price.currency;
  const sale = shownSalePrice(product.price, product.salePrice);
  return {
    title: product.title,
    price: productPriceText(product.price.micros, currency, locale),
    salePrice: sale === null ? null : productPriceText(sale, currency, locale),
    imageUrl: (box) => productImageUrl(product.imageUrlTemplate, box),
    clickUrl: product.link,
  };
}

import {
  type BannerInput,
  type CatalogueProduct,
  dynamicBannerMarkup,
  escapeHtml as escapeAttribute,
  productPriceText,
} from '@rtb/rtb';
import { productImageUrl } from '@rtb/shared';

/** URLs of one bid's markup: the creative's file, where a click goes, the impression pixel. */
export interface MarkupUrls {
  creative: string;
  click: string;
  pixel: string;
}

/** What a dynamic banner's markup adds: its products, each product's click, where our images are. */
export interface ProductMarkup {
  products: readonly CatalogueProduct[];
  /** `BidUrls.productClicks`: one per product, in order. */
  clicks: readonly string[];
  /** The base URL our image proxy answers under (`/img/products/...`). */
  assetsUrl: string;
}

/**
 * The ad markup (`adm`): the creative at its served size, a click through our click tracker, and
 * our impression pixel. An image is a link around an `<img>`; an HTML5 banner runs in a
 * sandboxed iframe of our creatives' origin and gets the click URL as `clickTag`, the IAB way; a
 * dynamic banner is `dynamicBannerMarkup` of its products (prices in the shop's locale, images
 * from our proxy, never the shop's servers), its file the logo.
 * The pixel records who saw the ad (a render); it carries no price.
 */
export function bannerMarkup(banner: BannerInput, urls: MarkupUrls, dynamic?: ProductMarkup): string {
  if (banner.dynamic && dynamic) {
    const { template, shopName, locale } = banner.dynamic;
    const priceText = (product: CatalogueProduct, micros: number) =>
      productPriceText(micros, product.currency, locale);
    return dynamicBannerMarkup({
      template,
      width: banner.width,
      height: banner.height,
      products: dynamic.products.map((product, i) => ({
        title: product.title,
        price: priceText(product, product.priceMicros),
        salePrice: product.salePriceMicros === null ? null : priceText(product, product.salePriceMicros),
        imageUrl: (box) => `${dynamic.assetsUrl}${productImageUrl(product.imageUrlTemplate, box)}`,
        clickUrl: dynamic.clicks[i] ?? urls.click,
      })),
      logoUrl: urls.creative,
      shopName,
      pixelUrl: urls.pixel,
    });
  }
  const size = `width="${banner.width}" height="${banner.height}"`;
  const pixel = `<img src="${escapeAttribute(urls.pixel)}" width="1" height="1" alt="" style="position:absolute;width:1px;height:1px;border:0">`;
  if (banner.type === 'html5') {
    const src = `${urls.creative}?clickTag=${encodeURIComponent(urls.click)}`;
    return (
      `<iframe src="${escapeAttribute(src)}" ${size} frameborder="0" scrolling="no" ` +
      `sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox" style="border:0;display:block"></iframe>${pixel}`
    );
  }
  return (
    `<a href="${escapeAttribute(urls.click)}" target="_blank" rel="noopener">` +
    `<img src="${escapeAttribute(urls.creative)}" ${size} alt="" style="border:0;display:block"></a>${pixel}`
  );
}

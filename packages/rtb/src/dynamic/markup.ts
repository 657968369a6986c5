import { type DynamicTemplate, type ProductImageBox, productImageBoxFor } from '@rtb/shared';
import { escapeHtml } from '../html';
import { DYNAMIC_CTA_LINE, DYNAMIC_CTA_PAD, DYNAMIC_LINE, DYNAMIC_TITLE_GAP, fitDynamicBanner } from './fit';
import { DYNAMIC_PAD } from './layout';

/** One product as a dynamic banner shows it; every text comes from the shop's feed, so is escaped. */
export interface DynamicProductView {
  title: string;
  /** Formatted (`productPriceText`): the regular price, and the sale price when there is one. */
  price: string;
  salePrice: string | null;
  /** Our image proxy's URL of its image in a box of the given px. */
  imageUrl(box: ProductImageBox): string;
  /** Our click tracker's URL leading to the product's page. */
  clickUrl: string;
}

export interface DynamicBannerInput {
  template: DynamicTemplate;
  width: number;
  height: number;
  /** The products to show, best first; the layout shows as many as have room. At least one. */
  products: readonly DynamicProductView[];
  /** The shop's logo (an uploaded image of ours); the shop's name is shown without one. */
  logoUrl: string | null;
  shopName: string;
  /** Our impression pixel; `${AUCTION_PRICE}` stays literal. */
  pixelUrl: string;
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * The markup (`adm`) of a dynamic product banner at one size: plain HTML with inline styles (no
 * script, nothing fetched but our proxied images, logo and pixel), each product a link through
 * our click tracker to its page, the call to action leading to the first product. The same
 * function renders the panel's previews, so what is reviewed is what serves.
 */
export function dynamicBannerMarkup(input: DynamicBannerInput): string {
  const { template, width, height } = input;
  const first = input.products[0];
  if (!first) throw new Error('a dynamic banner needs a product');
  const { plan, texts } = fitDynamicBanner(width, height, template, input.products);
  const products = input.products.slice(0, plan.count);
  const { tile } = plan;
  const link = (href: string, style: string, content: string) =>
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="${style}">${content}</a>`;
  const cta = (style: string) =>
    texts.ctaFontPx === null
      ? ''
      : link(
          first.clickUrl,
          `display:flex;align-items:center;justify-content:center;box-sizing:border-box;padding:0 ${DYNAMIC_CTA_PAD}px;text-align:center;font-size:${texts.ctaFontPx}px;line-height:${DYNAMIC_CTA_LINE};background:${template.accentColour};color:${textOn(template.accentColour)};font-weight:700;text-decoration:none;overflow:hidden;${style}`,
          escapeHtml(template.callToAction),
        );
  const ctaInBrand = plan.orientation === 'row' && plan.cta && texts.ctaFontPx !== null ? plan.cta : null;
  const logoHeight = plan.brand.height - 2 * DYNAMIC_PAD - (ctaInBrand ? ctaInBrand.height + DYNAMIC_PAD : 0);
  const logo = input.logoUrl
    ? `<img src="${escapeHtml(input.logoUrl)}" alt="${escapeHtml(input.shopName)}" style="display:block;max-width:90%;max-height:${Math.max(0, logoHeight)}px;object-fit:contain">`
    : `<span style="font-weight:700;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:90%">${escapeHtml(input.shopName)}</span>`;
  const brandStyle = `flex:none;width:${plan.brand.width}px;height:${plan.brand.height}px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:${DYNAMIC_PAD}px;box-sizing:border-box`;
  const brand = ctaInBrand
    ? `<div style="${brandStyle}">${link(first.clickUrl, 'display:contents', logo)}${cta(`flex:none;width:${ctaInBrand.width}px;height:${ctaInBrand.height}px;border-radius:3px`)}</div>`
    : link(first.clickUrl, `${brandStyle};text-decoration:none;color:inherit`, logo);
  const title = (product: DynamicProductView) =>
    texts.titleLines > 0
      ? `<span style="flex:none;font-size:${texts.titleFontPx}px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:${texts.titleLines};-webkit-box-orient:vertical;overflow-wrap:anywhere">${escapeHtml(product.title)}</span>`
      : '';
  const price = (product: DynamicProductView) => {
    const shown = product.salePrice
      ? `<span style="color:${template.accentColour};font-weight:700">${escapeHtml(product.salePrice)}</span>${texts.oldPrices ? ` <s style="opacity:.7">${escapeHtml(product.price)}</s>` : ''}`
      : `<span style="font-weight:700">${escapeHtml(product.price)}</span>`;
    return `<span style="flex:none;white-space:nowrap;font-size:${texts.priceFontPx}px">${shown}</span>`;
  };
  const textStyle = `flex:none;display:flex;flex-direction:column;justify-content:center;gap:${DYNAMIC_TITLE_GAP}px;width:${tile.text.width}px;height:${tile.text.height}px${tile.imageBeside ? '' : ';align-items:center;text-align:center'}`;
  const tiles = products
    .map((product) => {
      const box = productImageBoxFor(tile.imagePx);
      const image =
        tile.imagePx > 0
          ? `<img src="${escapeHtml(product.imageUrl(box))}" width="${tile.imagePx}" height="${tile.imagePx}" alt="${escapeHtml(product.title)}" style="flex:none;display:block;width:${tile.imagePx}px;height:${tile.imagePx}px;object-fit:contain">`
          : '';
      return link(
        product.clickUrl,
        `flex:none;width:${tile.width}px;height:${tile.height}px;box-sizing:border-box;padding:${DYNAMIC_PAD}px;display:flex;flex-direction:${tile.imageBeside ? 'row' : 'column'};align-items:center;gap:${DYNAMIC_PAD}px;overflow:hidden;text-decoration:none;color:inherit`,
        `${image}<span style="${textStyle}">${title(product)}${price(product)}</span>`,
      );
    })
    .join('');
  const tileRow = `<div style="flex:1 1 auto;display:flex;flex-direction:${plan.orientation === 'column' ? 'column' : 'row'};justify-content:center;min-width:0;min-height:0">${tiles}</div>`;
  const bottom = plan.orientation === 'row' ? '' : cta(`flex:none;height:${plan.cta?.height ?? 0}px`);
  const pixel = `<img src="${escapeHtml(input.pixelUrl)}" width="1" height="1" alt="" style="position:absolute;width:1px;height:1px;border:0">`;
  return (
    `<div style="position:relative;box-sizing:border-box;width:${width}px;height:${height}px;overflow:hidden;display:flex;flex-direction:${plan.orientation === 'row' ? 'row' : 'column'};background:${template.backgroundColour};color:${template.textColour};font:${plan.fontPx}px/${DYNAMIC_LINE} Arial,Helvetica,sans-serif">` +
    `${brand}${tileRow}${bottom}</div>${pixel}`
  );
}

import { type DynamicTemplate, type ProductImageBox, productImageBoxFor } from '@rtb/shared';
import { escapeHtml } from '../html';
import { planDynamicLayout } from './layout';

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
  const plan = planDynamicLayout(width, height, template.layout);
  const products = input.products.slice(0, plan.count);
  const first = products[0];
  if (!first) throw new Error('a dynamic banner needs a product');
  const link = (href: string, style: string, content: string) =>
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="${style}">${content}</a>`;
  const cta = (style: string) =>
    link(
      first.clickUrl,
      `display:flex;align-items:center;justify-content:center;box-sizing:border-box;background:${template.accentColour};color:${textOn(template.accentColour)};font-weight:700;text-decoration:none;white-space:nowrap;overflow:hidden;${style}`,
      escapeHtml(template.callToAction),
    );
  const logo = input.logoUrl
    ? `<img src="${escapeHtml(input.logoUrl)}" alt="${escapeHtml(input.shopName)}" style="display:block;max-width:90%;max-height:${Math.max(0, plan.brand.height - 8)}px;object-fit:contain">`
    : `<span style="font-weight:700;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:90%">${escapeHtml(input.shopName)}</span>`;
  const brandStyle = `flex:0 0 auto;width:${plan.brand.width}px;height:${plan.brand.height}px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4px;box-sizing:border-box`;
  const brand =
    plan.orientation === 'row' && plan.cta
      ? `<div style="${brandStyle}">${link(first.clickUrl, 'display:contents', logo)}${cta(`width:${plan.cta.width}px;height:${plan.cta.height}px;border-radius:3px`)}</div>`
      : link(first.clickUrl, `${brandStyle};text-decoration:none;color:inherit`, logo);
  const { tile } = plan;
  const clampLines = (lines: number) =>
    `overflow:hidden;display:-webkit-box;-webkit-line-clamp:${lines};-webkit-box-orient:vertical;word-break:break-word`;
  const tiles = products
    .map((product) => {
      const box = productImageBoxFor(tile.imagePx);
      const image =
        tile.imagePx > 0
          ? `<img src="${escapeHtml(product.imageUrl(box))}" width="${tile.imagePx}" height="${tile.imagePx}" alt="${escapeHtml(product.title)}" style="flex:0 0 auto;display:block;width:${tile.imagePx}px;height:${tile.imagePx}px;object-fit:contain">`
          : '';
      const title =
        tile.titleLines > 0
          ? `<span style="${clampLines(tile.titleLines)}">${escapeHtml(product.title)}</span>`
          : '';
      const price = product.salePrice
        ? `<span style="color:${template.accentColour};font-weight:700">${escapeHtml(product.salePrice)}</span> <s style="opacity:.7">${escapeHtml(product.price)}</s>`
        : `<span style="font-weight:700">${escapeHtml(product.price)}</span>`;
      return link(
        product.clickUrl,
        `flex:0 0 auto;width:${tile.width}px;height:${tile.height}px;box-sizing:border-box;padding:4px;display:flex;flex-direction:${tile.imageBeside ? 'row' : 'column'};align-items:center;gap:4px;overflow:hidden;text-decoration:none;color:inherit`,
        `${image}<span style="display:flex;flex-direction:column;gap:2px;min-width:0;${tile.imageBeside ? '' : 'align-items:center;text-align:center'}">${title}<span style="white-space:nowrap">${price}</span></span>`,
      );
    })
    .join('');
  const tileRow = `<div style="flex:1 1 auto;display:flex;flex-direction:${plan.orientation === 'column' ? 'column' : 'row'};min-width:0;min-height:0">${tiles}</div>`;
  const bottom =
    plan.orientation !== 'row' && plan.cta ? cta(`flex:0 0 auto;height:${plan.cta.height}px`) : '';
  const pixel = `<img src="${escapeHtml(input.pixelUrl)}" width="1" height="1" alt="" style="position:absolute;width:1px;height:1px;border:0">`;
  return (
    `<div style="position:relative;box-sizing:border-box;width:${width}px;height:${height}px;overflow:hidden;display:flex;flex-direction:${plan.orientation === 'row' ? 'row' : 'column'};background:${template.backgroundColour};color:${template.textColour};font:${plan.fontPx}px/1.25 Arial,Helvetica,sans-serif">` +
    `${brand}${tileRow}${bottom}</div>${pixel}`
  );
}

import { type DynamicTemplate, defaultBannerSizes, productImageBoxes } from '@rtb/shared';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { planDynamicLayout } from './layout';
import { type DynamicProductView, dynamicBannerMarkup } from './markup';
import { productPriceText } from './price-text';

const template: DynamicTemplate = {
  layout: 'trio',
  backgroundColour: '#ffffff',
  textColour: '#222222',
  accentColour: '#d0021b',
  callToAction: 'Shop now',
};

const product = (n: number, sale = false): DynamicProductView => ({
  title: `Product ${n}`,
  price: `${n}0.00 zł`,
  salePrice: sale ? `${n}5.00 zł` : null,
  imageUrl: (box) => `https://ads.example/img/products/${n}/${box}x${box}/v`,
  clickUrl: `https://ads.example/rtb/click?t=${n}`,
});
const three = [product(1), product(2, true), product(3)];

const sizes = defaultBannerSizes.map((size) => size.split('x').map(Number) as [number, number]);

function render(
  width: number,
  height: number,
  overrides: Partial<Parameters<typeof dynamicBannerMarkup>[0]> = {},
) {
  const html = dynamicBannerMarkup({
    template,
    width,
    height,
    products: three,
    logoUrl: 'https://ads.example/creatives/k/logo.png',
    shopName: 'Demo Shop',
    pixelUrl: `https://ads.example/rtb/imp?t=x&p=\${AUCTION_PRICE}`,
    ...overrides,
  });
  return { html, document: parseDocument(html) };
}

describe('the layout of a dynamic banner', () => {
  it.each(sizes)(
    'fits every product of %ix%i inside the banner, with an image and a price',
    (width, height) => {
      for (const layout of ['single', 'trio'] as const) {
        const plan = planDynamicLayout(width, height, layout);
        expect(plan.count).toBeGreaterThanOrEqual(1);
        expect(plan.count).toBeLessThanOrEqual(layout === 'single' ? 1 : 3);
        const { tile, brand, cta } = plan;
        expect(tile.imagePx).toBeGreaterThanOrEqual(24);
        if (plan.orientation === 'row') {
          expect(brand.width + plan.count * tile.width).toBeLessThanOrEqual(width);
          expect(tile.height).toBe(height);
        } else {
          const stacked = plan.orientation === 'column' ? plan.count * tile.height : tile.height;
          expect(brand.height + stacked + (cta?.height ?? 0)).toBeLessThanOrEqual(height);
          expect((plan.orientation === 'box' ? plan.count : 1) * tile.width).toBeLessThanOrEqual(width);
        }
        expect(tile.imagePx).toBeLessThanOrEqual(Math.min(tile.width, tile.height));
      }
    },
  );

  it('shows three products where a leaderboard, a skyscraper and a rectangle have room, one in a small banner', () => {
    expect(planDynamicLayout(728, 90, 'trio').count).toBe(3);
    expect(planDynamicLayout(160, 600, 'trio').count).toBe(2);
    expect(planDynamicLayout(300, 600, 'trio').count).toBe(3);
    expect(planDynamicLayout(300, 250, 'trio').count).toBe(3);
    expect(planDynamicLayout(320, 50, 'trio').count).toBe(1);
    expect(planDynamicLayout(728, 90, 'single').count).toBe(1);
  });
});

describe('the markup of a dynamic banner', () => {
  it.each(sizes)(
    'at %ix%i links each shown product through its click URL with its proxied image',
    (width, height) => {
      const { document } = render(width, height);
      const plan = planDynamicLayout(width, height, 'trio');
      const links = DomUtils.findAll((el) => el.name === 'a', document.children);
      const productLinks = new Set(links.map((a) => a.attribs.href));
      expect([...productLinks].sort()).toEqual(
        three
          .slice(0, plan.count)
          .map((p) => p.clickUrl)
          .sort(),
      );
      for (const a of links) expect([a.attribs.target, a.attribs.rel]).toEqual(['_blank', 'noopener']);
      const images = DomUtils.findAll(
        (el) => el.name === 'img' && (el.attribs.src ?? '').includes('/img/products/'),
        document.children,
      );
      expect(images).toHaveLength(plan.count);
      for (const img of images) {
        const box = Number(/\/(\d+)x\1\//.exec(img.attribs.src ?? '')?.[1]);
        expect(productImageBoxes).toContain(box);
        expect(box >= 2 * plan.tile.imagePx || box === 640).toBe(true);
        expect(img.attribs.alt).toMatch(/^Product \d$/);
      }
      // No script, and the pixel's macro stays for the exchange.
      expect(
        DomUtils.findAll((el) => el.name === 'script' || el.name === 'iframe', document.children),
      ).toEqual([]);
      expect(render(width, height).html).toContain(`p=\${AUCTION_PRICE}`);
    },
  );

  it('crosses out the regular price next to the sale price, in the accent colour', () => {
    const { html } = render(728, 90);
    expect(html).toContain(
      '<span style="color:#d0021b;font-weight:700">25.00 zł</span> <s style="opacity:.7">20.00 zł</s>',
    );
    expect(html).toContain('<span style="font-weight:700">10.00 zł</span>');
  });

  it('escapes whatever the feed says, so a title cannot add markup or leave its attribute', () => {
    const hostile = {
      ...product(1),
      title: '"><script>alert(1)</script><img src=x onerror=alert(2)>',
      price: '<b>1</b>',
      clickUrl: 'https://ads.example/rtb/click?t=1&x="onmouseover=alert(3)',
    };
    const { html, document } = render(300, 250, { products: [hostile], shopName: "<i>Bob's</i>" });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    const elements = DomUtils.findAll(() => true, document.children);
    expect(elements.every((el) => Object.keys(el.attribs).every((name) => !name.startsWith('on')))).toBe(
      true,
    );
    expect(DomUtils.textContent(document)).toContain('"><script>alert(1)</script>');
  });

  it('shows the shop name when there is no logo, and the call to action in a colour that reads on the accent', () => {
    const { html } = render(300, 250, { logoUrl: null, template: { ...template, accentColour: '#ffeb3b' } });
    expect(html).toContain('>Demo Shop</span>');
    expect(html).toMatch(/background:#ffeb3b;color:#000000;[^"]*">Shop now<\/a>/);
    expect(render(300, 250).html).toMatch(/background:#d0021b;color:#ffffff;[^"]*">Shop now<\/a>/);
  });
});

describe('prices', () => {
  it('are written in the shop locale with the currency, or as a plain amount without one', () => {
    expect(productPriceText(15_000_000, 'USD', 'en-US')).toBe('$15.00');
    expect(productPriceText(1_234_500_000, 'PLN', 'pl-PL')).toBe('1234,50\u00a0zł');
    expect(productPriceText(15_500_000, null, 'en-GB')).toBe('15.50');
    expect(productPriceText(999, 'JPY', 'ja-JP')).toBe('￥0');
  });
});

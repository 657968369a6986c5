import { join } from 'node:path';
import { type BannerInput, type CatalogueProduct, productPriceText } from '@rtb/rtb';
import { type DynamicTemplate, defaultBannerSizes, dynamicLayouts } from '@rtb/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerMarkup } from '../../bidder/src/bid/markup';
import { launchBrowser } from './support/browser';
import { png } from './support/images';
import { screenshotsDir } from './support/paths';

/**
 * A dynamic banner as it serves: the bidder's markup of every allowed size, layout and number
 * of products, with long names and large prices in several currencies and locales, rendered in
 * Chromium. No text may overflow its box or be clipped by the banner or any box that hides
 * overflow, unless the markup truncates it with an ellipsis (names, the shop's name); a price is
 * always shown whole. The test fonts (DejaVu Sans only) are wider than Arial: the worst case.
 */

const ORIGIN = 'https://ads.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const names = [
  'Wireless noise-cancelling over-ear headphones with a 40-hour battery, a hard carrying case and a USB-C cable, matte black',
  'Superdługanazwaproduktubezżadnejspacjiktórejniedasięzłamaćwpoprzekkafelka',
  'Kubek',
];

/** Regular and sale prices (micros): what the defect showed cut, and the largest a feed can give. */
const priceSets: Record<string, [number, number | null][]> = {
  everyday: [
    [119_000_000, null],
    [199_000_000, 149_000_000],
    [1_299_999_990_000, null],
  ],
  largest: [
    [999_999_999_990_000, 899_999_999_990_000],
    [1_299_999_990_000, 1_199_999_990_000],
    [119_000_000, 99_990_000],
  ],
};

const shops = [
  { locale: 'pl-PL', currency: 'PLN' },
  { locale: 'de-DE', currency: 'EUR' },
  { locale: 'en-IE', currency: 'EUR' },
  { locale: 'fr-FR', currency: 'EUR' },
  { locale: 'en-US', currency: 'USD' },
  { locale: 'en-GB', currency: null },
];

/** The shortest call to action with the tallest logo (what cut the button), the longest with a wide one. */
const brands = [
  { callToAction: 'Shop now', logo: 'tall' },
  { callToAction: 'Sprawdź teraz ofertę', logo: 'wide' },
];

/**
 * The fonts a visitor's browser may have: Arial (here Liberation Sans, of the same metrics), or
 * none of the banner's fonts, so DejaVu Sans, the widest sans-serif fallback.
 */
const fonts = [
  { font: 'Arial', css: '', zeroPx: 56 },
  {
    font: 'DejaVu Sans for Arial',
    css: ['Arial', 'Helvetica']
      .flatMap((family) => [
        `@font-face{font-family:${family};src:local("DejaVu Sans")}`,
        `@font-face{font-family:${family};font-weight:700;src:local("DejaVu Sans Bold")}`,
      ])
      .join(''),
    zeroPx: 70,
  },
];

interface Case {
  label: string;
  width: number;
  height: number;
  html: string;
  /** Per product (by id): the price it must show, whole. */
  prices: Record<string, string>;
}

function casesOf(width: number, height: number): Case[] {
  const cases: Case[] = [];
  for (const layout of dynamicLayouts)
    for (const count of [1, 2, 3])
      for (const [set, prices] of Object.entries(priceSets))
        for (const { locale, currency } of shops)
          for (const { callToAction, logo } of brands) {
            const template: DynamicTemplate = {
              layout,
              backgroundColour: '#ffffff',
              textColour: '#222222',
              accentColour: '#d0021b',
              callToAction,
            };
            const products: CatalogueProduct[] = prices.slice(0, count).map(([price, sale], i) => ({
              advertiserId: 1,
              id: `p${i}`,
              key: i + 1,
              title: names[i] as string,
              priceMicros: price,
              salePriceMicros: sale,
              currency,
              link: `https://shop.example/p${i}`,
              imageUrlTemplate: `/img/products/p${i}/{box}x{box}/v1`,
              available: true,
            }));
            const banner: BannerInput = {
              id: 1,
              type: 'dynamic',
              width,
              height,
              assetKey: 'k',
              assetEntry: 'logo.png',
              landingUrl: 'https://shop.example/',
              dynamic: { template, shopName: 'Sklep Demo', locale },
            };
            const html = bannerMarkup(
              banner,
              {
                creative: `${ORIGIN}/creatives/${logo}/logo.png`,
                click: `${ORIGIN}/rtb/click`,
                pixel: `${ORIGIN}/rtb/imp?p=\${AUCTION_PRICE}`,
              },
              {
                products,
                clicks: products.map((p) => `${ORIGIN}/rtb/click?p=${p.id}`),
                assetsUrl: ORIGIN,
              },
            );
            cases.push({
              label: `${width}x${height} ${layout} ${count} ${set} ${locale} ${currency ?? '-'} "${callToAction}" ${logo} logo`,
              width,
              height,
              html,
              prices: Object.fromEntries(
                products.map((p) => [
                  p.id,
                  productPriceText(p.salePriceMicros ?? p.priceMicros, p.currency, locale),
                ]),
              ),
            });
          }
  return cases;
}

/** What is cut, overflowing or missing in each banner on the page, one line a problem. */
function problemsOn(page: Page, cases: Case[]): Promise<{ index: number; problem: string }[]> {
  return page.evaluate(
    (cases) => {
      const problems: { index: number; problem: string }[] = [];
      const inside = (inner: DOMRect, outer: DOMRect) =>
        inner.left >= outer.left - 0.5 &&
        inner.top >= outer.top - 0.5 &&
        inner.right <= outer.right + 0.5 &&
        inner.bottom <= outer.bottom + 0.5;
      const slots = document.querySelectorAll<HTMLElement>('[data-case]');
      slots.forEach((slot, index) => {
        const { label, width, height, prices } = cases[index] as (typeof cases)[number];
        const banner = slot.firstElementChild as HTMLElement;
        const bannerBox = banner.getBoundingClientRect();
        const say = (what: string) => problems.push({ index, problem: `${label}: ${what}` });
        if (bannerBox.width !== width || bannerBox.height !== height)
          say(`the banner is ${bannerBox.width}x${bannerBox.height}`);
        /** The banner and every box between it and `element` that hides what overflows it. */
        const clips = (element: Element) => {
          const boxes: DOMRect[] = [];
          for (let box = element.parentElement; box && box !== slot; box = box.parentElement)
            if (box === banner || getComputedStyle(box).overflow !== 'visible')
              boxes.push(box.getBoundingClientRect());
          return boxes;
        };
        for (const element of banner.querySelectorAll('*')) {
          const box = element.getBoundingClientRect();
          if (box.width > 0 && box.height > 0 && !inside(box, bannerBox))
            say(
              `<${element.tagName.toLowerCase()}> "${element.textContent?.slice(0, 30)}" is outside the banner`,
            );
        }
        const walker = document.createTreeWalker(banner, NodeFilter.SHOW_TEXT);
        const texts: Text[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (node.textContent?.trim()) texts.push(node as Text);
        for (const text of texts) {
          const element = text.parentElement as HTMLElement;
          const style = getComputedStyle(element);
          const name = `"${text.data.slice(0, 30)}"`;
          const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
          const ellipsised = clamped || (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap');
          const boxes = clips(element);
          if (ellipsised) {
            // Truncated with an ellipsis: its box shows whole lines, all of it visible.
            const box = element.getBoundingClientRect();
            if (!boxes.every((clip) => inside(box, clip)))
              say(`${name} (truncated) is cut by a box around it`);
            const lineHeight = Number.parseFloat(style.lineHeight);
            const lines = box.height / lineHeight;
            if (lines < 0.99 || Math.abs(lines - Math.round(lines)) > 0.05)
              say(`${name} shows ${lines.toFixed(2)} lines`);
            continue;
          }
          if (
            style.display !== 'inline' &&
            (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight)
          )
            say(
              `${name} overflows its box (${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight})`,
            );
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const line of range.getClientRects())
            if (line.width > 0 && !boxes.every((clip) => inside(line, clip))) {
              say(`${name} is cut`);
              break;
            }
        }
        // Each product shown shows its price, whole, as a text of its own.
        const tiles = [...banner.querySelectorAll('a')].filter((a) =>
          a.querySelector('img[src*="/img/products/"]'),
        );
        if (tiles.length === 0) say('no product is shown');
        for (const tile of tiles) {
          const id =
            /\/img\/products\/([^/]+)\//.exec(tile.querySelector('img')?.getAttribute('src') ?? '')?.[1] ??
            '';
          const price = prices[id];
          const shown = texts.filter((text) => tile.contains(text)).map((text) => text.data);
          if (!price || !shown.includes(price))
            say(`product ${id} shows ${JSON.stringify(shown)}, not its price ${price}`);
        }
      });
      return problems;
    },
    cases.map(({ label, width, height, prices }) => ({ label, width, height, prices })),
  );
}

const sizes = defaultBannerSizes.map((size) => size.split('x').map(Number) as [number, number]);

describe.each(fonts)('a dynamic banner in Chromium with $font', ({ font, css, zeroPx }) => {
  it.each(sizes)(
    'at %ix%i shows every text inside its box and every price whole, in every layout, count, currency and locale',
    async (width, height) => {
      const context = await browser.newContext({
        viewport: { width: 1000, height: 800 },
        deviceScaleFactor: 1,
      });
      try {
        const [tall, wide, photo] = await Promise.all([
          png(120, 400, '#1565c0'),
          png(400, 120, '#2e7d32'),
          png(240, 240, '#9e9e9e'),
        ]);
        await context.route(`${ORIGIN}/**`, (route) => {
          const url = route.request().url();
          const body = url.includes('/creatives/tall/')
            ? tall
            : url.includes('/creatives/wide/')
              ? wide
              : photo;
          return route.fulfill({ contentType: 'image/png', body });
        });
        const page = await context.newPage();
        const cases = casesOf(width, height);
        await page.setContent(
          `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body style="margin:0">${cases
            .map((c) => `<div data-case style="position:relative;margin:8px">${c.html}</div>`)
            .join('')}</body></html>`,
          { waitUntil: 'load' },
        );
        // The font is the one this run means: a bold zero of Arial is 0.56 em, of DejaVu Sans 0.70.
        const zero = await page.evaluate(() => {
          const probe = document.createElement('span');
          probe.style.font = '700 100px Arial';
          probe.textContent = '0';
          document.body.append(probe);
          return Math.round(probe.getBoundingClientRect().width);
        });
        expect(zero, font).toBe(zeroPx);
        const problems = await problemsOn(page, cases);
        if (problems[0]) {
          const slot = page.locator('[data-case]').nth(problems[0].index);
          const name = `dynamic-banner-${width}x${height}-${font.split(' ')[0]}.png`;
          await slot.screenshot({ path: join(screenshotsDir, 'failures', name) });
        }
        expect(problems.map(({ problem }) => problem)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

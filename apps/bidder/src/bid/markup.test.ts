import type { BannerInput, CatalogueProduct } from '@rtb/rtb';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { type BidToken, BidTokens } from '../bid-token';
import { bidUrls } from './bid-urls';
import { bannerMarkup } from './markup';

const tokens = new BidTokens('markup-test-signing-key-'.repeat(2));
const token: BidToken = {
  bid: 'bid-1',
  adv: 7,
  cmp: 3,
  crt: 5,
  ts: 1_750_000_000_000,
  day: '2026-06-10',
  cur: 'PLN',
  max: 3000,
  fx: '100000000',
  acur: 'PLN',
  mbps: 2000,
  cbps: 0,
  res: 4000,
  usr: 'u1',
  geo: 'PL',
  dev: 'desktop',
  dom: 'news.example.pl',
  fq: null,
  fqx: 0,
  test: false,
};
const tokenOf = (url: string) => tokens.verify(new URL(url).searchParams.get('t') as string);

const product = (id: string, change: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  advertiserId: 7,
  id,
  key: 700 + id.charCodeAt(0),
  title: `Shoe ${id}`,
  priceMicros: 129_990_000,
  salePriceMicros: null,
  currency: 'PLN',
  link: `https://shop.example/p/${id}`,
  imageUrlTemplate: `/img/products/${id}/{box}x{box}/abc`,
  available: true,
  ...change,
});

const dynamicBanner: BannerInput = {
  id: 5,
  type: 'dynamic',
  width: 728,
  height: 90,
  assetKey: 'key-1',
  assetEntry: 'logo.png',
  landingUrl: 'https://shop.example/',
  dynamic: {
    template: {
      layout: 'trio',
      backgroundColour: '#ffffff',
      textColour: '#222222',
      accentColour: '#d0021b',
      callToAction: 'Buy',
    },
    shopName: 'Shop',
    locale: 'pl-PL',
  },
};

describe('bidUrls', () => {
  it('signs one token per product, each product click carrying its own link and key and the bid', () => {
    const shown = [
      { key: 11, link: 'https://shop.example/p/a' },
      { key: 12, link: 'https://shop.example/p/b' },
      // Another product on the same page still has a click of its own.
      { key: 13, link: 'https://shop.example/p/b' },
    ];
    const urls = bidUrls('https://rtb.example', tokens, token, shown[0]?.link as string, shown);
    expect(urls.productClicks).toHaveLength(3);
    expect(urls.productClicks[0]).toBe(urls.click);
    expect(new Set(urls.productClicks).size).toBe(3);
    expect(urls.productClicks.map((url) => tokenOf(url)?.url)).toEqual(shown.map((p) => p.link));
    expect(urls.productClicks.map((url) => tokenOf(url)?.bid)).toEqual(['bid-1', 'bid-1', 'bid-1']);
    // A click is on the first product its token names; the impression's notices name every one shown.
    expect(urls.productClicks.map((url) => tokenOf(url)?.prd?.[0])).toEqual([11, 12, 13]);
    for (const notice of [urls.nurl, urls.burl, urls.lurl, urls.pixel])
      expect(tokenOf(notice)?.prd).toEqual([11, 12, 13]);
    // The exchange's notices carry the notice token and the price; the markup's, the browser's and none.
    for (const notice of [urls.nurl, urls.burl, urls.lurl]) {
      expect(tokenOf(notice)?.use).toBe('n');
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the exchange's macro, literal in our URLs
      expect(notice).toContain('&p=${AUCTION_PRICE}');
    }
    for (const browser of [urls.pixel, urls.click, ...urls.productClicks]) {
      expect(tokenOf(browser)?.use).toBe('b');
      expect(browser).not.toContain('&p=');
    }
    expect(tokenOf(urls.pixel)?.url).toBe(shown[0]?.link);
    const plain = bidUrls('https://rtb.example', tokens, token, 'https://shop.example/');
    expect(plain.productClicks).toEqual([]);
    expect(tokenOf(plain.click)?.prd).toBeUndefined();
  });
});

describe('bannerMarkup of a dynamic banner', () => {
  it('shows the products with their prices in the shop’s locale, our images and logo, each linking through its own click', () => {
    const products = [
      product('a', { salePriceMicros: 99_000_000 }),
      product('b'),
      product('c', { currency: null }),
    ];
    const urls = bidUrls('https://rtb.example', tokens, token, products[0]?.link as string, products);
    const html = bannerMarkup(
      dynamicBanner,
      { creative: 'https://panel.example/creatives/key-1/logo.png', click: urls.click, pixel: urls.pixel },
      { products, clicks: urls.productClicks, assetsUrl: 'https://panel.example' },
    );
    const document = parseDocument(html);
    const text = DomUtils.textContent(document);
    expect(text).toContain('Shoe a');
    expect(text).toContain('99,00\u00a0zł');
    expect(text).toContain('129,99\u00a0zł');
    // A product without a currency: a plain amount.
    expect(text).toMatch(/Shoe c129,99(?!\u00a0zł)/);
    const sources = DomUtils.findAll((el) => el.name === 'img', document.children).map(
      (img) => img.attribs.src,
    );
    expect(sources).toContain('https://panel.example/creatives/key-1/logo.png');
    expect(sources.filter((src) => src?.includes('/img/products/'))).toEqual([
      'https://panel.example/img/products/a/240x240/abc',
      'https://panel.example/img/products/b/240x240/abc',
      'https://panel.example/img/products/c/240x240/abc',
    ]);
    expect(sources).toContain(urls.pixel);
    const hrefs = new Set(
      DomUtils.findAll((el) => el.name === 'a', document.children).map((a) => a.attribs.href),
    );
    expect([...hrefs].map((href) => tokenOf(href as string)?.url).sort()).toEqual(
      products.map((p) => p.link),
    );
  });

  it('keeps an image or HTML5 banner as it was, whatever products are given', () => {
    const image = { ...dynamicBanner, type: 'image' as const, dynamic: null };
    const urls = {
      creative: 'https://panel.example/c.png',
      click: 'https://rtb.example/c',
      pixel: 'https://rtb.example/i',
    };
    expect(bannerMarkup(image, urls, { products: [product('a')], clicks: ['x'], assetsUrl: '' })).toBe(
      bannerMarkup(image, urls),
    );
  });
});

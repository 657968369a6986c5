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
  it('signs one token per link, each product click carrying its own link and the bid', () => {
    const links = ['https://shop.example/p/a', 'https://shop.example/p/b'];
    const urls = bidUrls('https://rtb.example', tokens, token, links[0] as string, links);
    expect(urls.productClicks).toHaveLength(2);
    expect(urls.productClicks[0]).toBe(urls.click);
    expect(urls.productClicks.map((url) => tokenOf(url)?.url)).toEqual(links);
    expect(urls.productClicks.map((url) => tokenOf(url)?.bid)).toEqual(['bid-1', 'bid-1']);
    expect(tokenOf(urls.nurl)?.url).toBe(links[0]);
    expect(bidUrls('https://rtb.example', tokens, token, 'https://shop.example/').productClicks).toEqual([]);
  });
});

describe('bannerMarkup of a dynamic banner', () => {
  it('shows the products with their prices in the shop’s locale, our images and logo, each linking through its own click', () => {
    const products = [
      product('a', { salePriceMicros: 99_000_000 }),
      product('b'),
      product('c', { currency: null }),
    ];
    const urls = bidUrls(
      'https://rtb.example',
      tokens,
      token,
      products[0]?.link as string,
      products.map((p) => p.link),
    );
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

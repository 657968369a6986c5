/**
 * What the simulated exchange sells: sites, apps, slot sizes, countries and devices, with
 * weights close to real display inventory (sizes by their share of display impressions).
 */

export interface Size {
  w: number;
  h: number;
}

/** Slot sizes and their share of display impressions, in percent. */
export const sizeShares: readonly { size: Size; weight: number }[] = [
  { size: { w: 300, h: 250 }, weight: 40 },
  { size: { w: 728, h: 90 }, weight: 15 },
  { size: { w: 320, h: 50 }, weight: 15 },
  { size: { w: 300, h: 600 }, weight: 8 },
  { size: { w: 160, h: 600 }, weight: 5 },
  { size: { w: 970, h: 250 }, weight: 4 },
  { size: { w: 336, h: 280 }, weight: 4 },
  { size: { w: 320, h: 100 }, weight: 3 },
  { size: { w: 468, h: 60 }, weight: 2 },
  { size: { w: 970, h: 90 }, weight: 1.5 },
  { size: { w: 300, h: 50 }, weight: 1.5 },
  { size: { w: 120, h: 600 }, weight: 1 },
];

/** Flexible slots: a primary size also takes these (sent as `banner.format`). */
export const alternativeSizes: Readonly<Record<string, readonly Size[]>> = {
  '300x250': [{ w: 336, h: 280 }],
  '728x90': [
    { w: 970, h: 90 },
    { w: 468, h: 60 },
  ],
  '300x600': [
    { w: 160, h: 600 },
    { w: 300, h: 250 },
  ],
  '320x50': [{ w: 300, h: 50 }],
  '970x250': [{ w: 728, h: 90 }],
};

export type DeviceKind = 'desktop' | 'mobile' | 'tablet';

/** Sizes that only exist on phones, and those only desktop and tablet pages have room for. */
const phoneSizes = new Set(['320x50', '320x100', '300x50']);
const wideSizes = new Set(['728x90', '970x250', '970x90', '468x60', '160x600', '120x600']);

/** The kinds of device a slot of this size is shown on, with their weights. */
export function deviceKindsFor(size: Size): readonly { value: DeviceKind; weight: number }[] {
  const key = `${size.w}x${size.h}`;
  if (phoneSizes.has(key)) return [{ value: 'mobile', weight: 1 }];
  if (wideSizes.has(key))
    return [
      { value: 'desktop', weight: 9 },
      { value: 'tablet', weight: 1 },
    ];
  return [
    { value: 'desktop', weight: 5 },
    { value: 'mobile', weight: 4 },
    { value: 'tablet', weight: 1 },
  ];
}

/** alpha-3 (as OpenRTB's `device.geo.country`), with the share of traffic. */
export const countryShares: readonly { value: string; weight: number }[] = [
  { value: 'POL', weight: 40 },
  { value: 'DEU', weight: 15 },
  { value: 'USA', weight: 14 },
  { value: 'GBR', weight: 12 },
  { value: 'FRA', weight: 6 },
  { value: 'CZE', weight: 5 },
  { value: 'NLD', weight: 3 },
  { value: 'AUT', weight: 2 },
  { value: 'ESP', weight: 2 },
  { value: 'SVK', weight: 1 },
];

/** Where GDPR applies. */
export const euCountries = new Set(['POL', 'DEU', 'FRA', 'CZE', 'NLD', 'AUT', 'ESP', 'SVK']);

export const languageOf: Readonly<Record<string, string>> = {
  POL: 'pl',
  DEU: 'de',
  USA: 'en',
  GBR: 'en',
  FRA: 'fr',
  CZE: 'cs',
  NLD: 'nl',
  AUT: 'de',
  ESP: 'es',
  SVK: 'sk',
};

export interface Site {
  domain: string;
  name: string;
  cat: string[];
  /** The country most of its visitors come from. */
  home: string;
  pages: string[];
}

export const sites: readonly Site[] = [
  {
    domain: 'ceneo.pl',
    name: 'Ceneo',
    cat: ['IAB22', 'IAB22-4'],
    home: 'POL',
    pages: ['/', '/Telefony_komorkowe', '/Laptopy'],
  },
  { domain: 'onet.pl', name: 'Onet', cat: ['IAB12'], home: 'POL', pages: ['/', '/informacje', '/sport'] },
  {
    domain: 'wp.pl',
    name: 'Wirtualna Polska',
    cat: ['IAB12', 'IAB1'],
    home: 'POL',
    pages: ['/', '/wiadomosci', '/pogoda'],
  },
  { domain: 'interia.pl', name: 'Interia', cat: ['IAB12'], home: 'POL', pages: ['/', '/biznes', '/kobieta'] },
  {
    domain: 'mojegotowanie.pl',
    name: 'Moje Gotowanie',
    cat: ['IAB8'],
    home: 'POL',
    pages: ['/przepisy', '/ciasta'],
  },
  { domain: 'autokult.pl', name: 'Autokult', cat: ['IAB2'], home: 'POL', pages: ['/testy', '/porady'] },
  { domain: 'chip.de', name: 'CHIP', cat: ['IAB19'], home: 'DEU', pages: ['/test', '/downloads', '/news'] },
  { domain: 'idealo.de', name: 'idealo', cat: ['IAB22'], home: 'DEU', pages: ['/preisvergleich', '/'] },
  { domain: 'chefkoch.de', name: 'Chefkoch', cat: ['IAB8'], home: 'DEU', pages: ['/rezepte', '/magazin'] },
  {
    domain: 'pricerunner.co.uk',
    name: 'PriceRunner',
    cat: ['IAB22'],
    home: 'GBR',
    pages: ['/', '/cl/1/Mobile-Phones'],
  },
  {
    domain: 'goodhousekeeping.co.uk',
    name: 'Good Housekeeping',
    cat: ['IAB10', 'IAB18'],
    home: 'GBR',
    pages: ['/home', '/beauty'],
  },
  { domain: 'marmiton.org', name: 'Marmiton', cat: ['IAB8'], home: 'FRA', pages: ['/recettes', '/'] },
  { domain: 'heureka.cz', name: 'Heureka', cat: ['IAB22'], home: 'CZE', pages: ['/', '/mobilni-telefony'] },
  {
    domain: 'tweakers.net',
    name: 'Tweakers',
    cat: ['IAB19'],
    home: 'NLD',
    pages: ['/pricewatch', '/nieuws'],
  },
  {
    domain: 'rtings.com',
    name: 'RTINGS',
    cat: ['IAB22', 'IAB19'],
    home: 'USA',
    pages: ['/reviews', '/deals'],
  },
  {
    domain: 'allrecipes.com',
    name: 'Allrecipes',
    cat: ['IAB8'],
    home: 'USA',
    pages: ['/recipes', '/gallery'],
  },
  {
    domain: 'weather.com',
    name: 'The Weather Channel',
    cat: ['IAB15-10'],
    home: 'USA',
    pages: ['/weather/today', '/'],
  },
];

export interface App {
  bundle: string;
  name: string;
  cat: string[];
  os: 'Android' | 'iOS';
  storeurl: string;
  home: string;
}

export const apps: readonly App[] = [
  {
    bundle: 'pl.allegro',
    name: 'Allegro',
    cat: ['IAB22'],
    os: 'Android',
    storeurl: 'https://play.google.com/store/apps/details?id=pl.allegro',
    home: 'POL',
  },
  {
    bundle: 'pl.olx.android',
    name: 'OLX.pl',
    cat: ['IAB22'],
    os: 'Android',
    storeurl: 'https://play.google.com/store/apps/details?id=pl.olx.android',
    home: 'POL',
  },
  {
    bundle: '1056436022',
    name: 'Ceneo',
    cat: ['IAB22'],
    os: 'iOS',
    storeurl: 'https://apps.apple.com/app/id1056436022',
    home: 'POL',
  },
  {
    bundle: 'com.accuweather.android',
    name: 'AccuWeather',
    cat: ['IAB15-10'],
    os: 'Android',
    storeurl: 'https://play.google.com/store/apps/details?id=com.accuweather.android',
    home: 'USA',
  },
  {
    bundle: 'de.mobile.android.app',
    name: 'mobile.de',
    cat: ['IAB2'],
    os: 'Android',
    storeurl: 'https://play.google.com/store/apps/details?id=de.mobile.android.app',
    home: 'DEU',
  },
  {
    bundle: '585027354',
    name: 'Zalando',
    cat: ['IAB18'],
    os: 'iOS',
    storeurl: 'https://apps.apple.com/app/id585027354',
    home: 'DEU',
  },
  {
    bundle: 'com.shpock.android',
    name: 'Shpock',
    cat: ['IAB22'],
    os: 'Android',
    storeurl: 'https://play.google.com/store/apps/details?id=com.shpock.android',
    home: 'GBR',
  },
  {
    bundle: '284882215',
    name: 'Recipes',
    cat: ['IAB8'],
    os: 'iOS',
    storeurl: 'https://apps.apple.com/app/id284882215',
    home: 'USA',
  },
];

/** A browser or in-app environment: what the request's `device` says about it. */
export interface DeviceProfile {
  kind: DeviceKind;
  /** OpenRTB devicetype: 2 personal computer, 4 phone, 5 tablet. */
  devicetype: number;
  os: string;
  osv: string;
  make?: string;
  model?: string;
  ua: string;
  /** Chromium browsers send client hints (`sua`). */
  chromium: boolean;
  inApp: boolean;
}

const chrome = '124.0.6367.119';
export const deviceProfiles: readonly { weight: number; value: DeviceProfile }[] = [
  {
    weight: 30,
    value: {
      kind: 'desktop',
      devicetype: 2,
      os: 'Windows',
      osv: '10',
      chromium: true,
      inApp: false,
      ua: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`,
    },
  },
  {
    weight: 8,
    value: {
      kind: 'desktop',
      devicetype: 2,
      os: 'Windows',
      osv: '10',
      chromium: true,
      inApp: false,
      ua: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36 Edg/124.0.2478.80`,
    },
  },
  {
    weight: 5,
    value: {
      kind: 'desktop',
      devicetype: 2,
      os: 'Windows',
      osv: '10',
      chromium: false,
      inApp: false,
      ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    },
  },
  {
    weight: 10,
    value: {
      kind: 'desktop',
      devicetype: 2,
      os: 'macOS',
      osv: '10.15.7',
      chromium: false,
      inApp: false,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    },
  },
  {
    weight: 2,
    value: {
      kind: 'desktop',
      devicetype: 2,
      os: 'Linux',
      osv: '',
      chromium: false,
      inApp: false,
      ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    },
  },
  {
    weight: 1,
    value: {
      kind: 'desktop',
      devicetype: 2,
      os: 'Chrome OS',
      osv: '14541.0.0',
      chromium: true,
      inApp: false,
      ua: `Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`,
    },
  },
  {
    weight: 22,
    value: {
      kind: 'mobile',
      devicetype: 4,
      os: 'Android',
      osv: '14',
      make: 'Samsung',
      model: 'SM-S911B',
      chromium: true,
      inApp: false,
      ua: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Mobile Safari/537.36`,
    },
  },
  {
    weight: 16,
    value: {
      kind: 'mobile',
      devicetype: 4,
      os: 'iOS',
      osv: '17.4.1',
      make: 'Apple',
      model: 'iPhone',
      chromium: false,
      inApp: false,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    },
  },
  {
    weight: 8,
    value: {
      kind: 'mobile',
      devicetype: 4,
      os: 'Android',
      osv: '14',
      make: 'Google',
      model: 'Pixel 8',
      chromium: true,
      inApp: true,
      ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36',
    },
  },
  {
    weight: 6,
    value: {
      kind: 'mobile',
      devicetype: 4,
      os: 'iOS',
      osv: '17.4.1',
      make: 'Apple',
      model: 'iPhone',
      chromium: false,
      inApp: true,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    },
  },
  {
    weight: 4,
    value: {
      kind: 'tablet',
      devicetype: 5,
      os: 'iOS',
      osv: '17.4.1',
      make: 'Apple',
      model: 'iPad',
      chromium: false,
      inApp: false,
      ua: 'Mozilla/5.0 (iPad; CPU OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    },
  },
  {
    weight: 3,
    value: {
      kind: 'tablet',
      devicetype: 5,
      os: 'Android',
      osv: '13',
      make: 'Samsung',
      model: 'SM-X200',
      chromium: true,
      inApp: false,
      ua: `Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`,
    },
  },
  {
    weight: 2,
    value: {
      kind: 'tablet',
      devicetype: 5,
      os: 'Android',
      osv: '13',
      make: 'Samsung',
      model: 'SM-X200',
      chromium: true,
      inApp: true,
      ua: 'Mozilla/5.0 (Linux; Android 13; SM-X200 Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Safari/537.36',
    },
  },
];

/** Units of PLN for one unit of each currency: the exchange's own conversion of floors and rival bids. */
export const plnPer: Readonly<Record<string, number>> = { PLN: 1, EUR: 4.3, USD: 3.95, GBP: 5.05, CZK: 0.17 };

export function convert(amount: number, from: string, to: string): number | null {
  const a = plnPer[from];
  const b = plnPer[to];
  if (a === undefined || b === undefined) return null;
  return (amount * a) / b;
}

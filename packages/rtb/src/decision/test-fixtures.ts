import type { BannerInput, BidRequestFacts, CampaignInput, CurrencyRates, ImpFacts } from '../types';
import type { MatchContext } from './candidates';

/** PLN is the base currency: 1 USD = 4 PLN, 1 EUR = 4.25 PLN (scaled 1e8). */
export const rates: CurrencyRates = new Map([
  ['USD', 400_000_000n],
  ['EUR', 425_000_000n],
]);

export const context = (now = '2026-06-10T10:00:00Z'): MatchContext => ({
  now: new Date(now),
  rates,
  baseCurrency: 'PLN',
});

export function banner(id: number, width = 300, height = 250): BannerInput {
  return {
    id,
    type: 'image',
    width,
    height,
    assetKey: `b${id}`,
    assetEntry: 'banner.png',
    landingUrl: 'https://shop.example/',
    dynamic: null,
  };
}

/** A PLN campaign with no restriction, bidding 4 PLN gross CPM with 20 % margin and 5 % commission. */
export function campaign(overrides: Partial<CampaignInput> = {}): CampaignInput {
  return {
    id: 1,
    advertiserId: 10,
    currency: 'PLN',
    currencyMinorUnits: 2,
    timeZone: 'Europe/Warsaw',
    startDate: '2026-01-01',
    endDate: null,
    hoursOfWeek: null,
    totalBudgetMicros: null,
    dailyBudgetMicros: null,
    maxCpmMicros: 4_000_000,
    outcome: null,
    holdoutBps: 0,
    pacing: 'asap',
    frequencyCap: null,
    countries: [],
    deviceTypes: [],
    operatingSystems: [],
    includeDomains: [],
    excludeDomains: [],
    excludedCategories: [],
    includeAudiences: null,
    excludeAudiences: [],
    advertiserDomain: 'shop.example',
    categories: ['IAB22'],
    marginBps: 2000,
    commissionBps: 500,
    banners: [banner(100)],
    ...overrides,
  };
}

export function imp(overrides: Partial<ImpFacts> = {}): ImpFacts {
  return {
    id: '1',
    sizes: [{ w: 300, h: 250 }],
    floorMicros: 0,
    floorCurrency: 'USD',
    secure: true,
    position: null,
    ...overrides,
  };
}

export function request(overrides: Partial<BidRequestFacts> = {}): BidRequestFacts {
  return {
    id: 'r1',
    auctionType: 2,
    tmaxMs: 100,
    test: false,
    currencies: ['PLN'],
    blockedCategories: [],
    blockedAdvertiserDomains: [],
    inventory: {
      kind: 'site',
      domain: 'news.example.com',
      reportName: 'news.example.com',
      categories: ['IAB12'],
      page: null,
    },
    device: { type: 'desktop', os: 'windows', country: 'PL', ua: null, utcOffsetMinutes: null },
    user: { id: 'u1', personalDataAllowed: true },
    imps: [imp()],
    ...overrides,
  };
}

import { sensitiveIabCategories } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { mergeProfiles, profileOfEvents, type VisitorProfile } from '../audiences/profile';
import type { BidRequestFacts, CampaignInput, ImpFacts } from '../types';
import { buildCampaignIndex } from './campaign-index';
import { anyCampaignAtFloor, candidatesFor } from './candidates';
import { banner, campaign, context, imp, request } from './test-fixtures';

type Case = {
  campaign?: Partial<CampaignInput>;
  request?: Partial<BidRequestFacts>;
  imp?: Partial<ImpFacts>;
  now?: string;
};

function match(given: Case = {}) {
  const index = buildCampaignIndex([campaign(given.campaign)]);
  return candidatesFor(index, request(given.request), imp(given.imp), context(given.now));
}

const bids = (given: Case) => match(given).length > 0;
const device = request().device;
const inventory = request().inventory;

describe('candidatesFor', () => {
  it('offers each creative of a fitting campaign at the net price in its own currency', () => {
    expect(match()).toEqual([
      {
        campaign: campaign(),
        banner: banner(100),
        // 4 PLN CPM gross less 25 % = 3 PLN CPM = 3,000 micro-units an impression.
        priceMicros: 3000,
        currency: 'PLN',
        fxToAdvertiser: 100_000_000n,
        maxCostMicros: 4000,
        rankValue: 3000 * 100_000_000,
        quote: {
          currency: 'PLN',
          fxToBid: 100_000_000n,
          fxToAdvertiser: 100_000_000n,
          floorMicros: 0,
          baseRate: 100_000_000,
        },
        products: [],
      },
    ]);
  });

  it('matches the creative size against every size of the imp, once per creative', () => {
    const banners = [banner(1, 300, 250), banner(2, 728, 90), banner(3, 160, 600)];
    expect(bids({ imp: { sizes: [{ w: 728, h: 90 }] } })).toBe(false);
    const sizes = [
      { w: 728, h: 90 },
      { w: 300, h: 250 },
      { w: 728, h: 90 },
    ];
    expect(match({ campaign: { banners }, imp: { sizes } }).map((c) => c.banner.id)).toEqual([2, 1]);
    expect(bids({ imp: { sizes: [] } })).toBe(false);
  });

  it('keeps to the campaign dates in the advertiser’s time zone', () => {
    // 22:30 UTC on 9 June is 00:30 on 10 June in Warsaw.
    const now = '2026-06-09T22:30:00Z';
    expect(bids({ now, campaign: { startDate: '2026-06-10' } })).toBe(true);
    expect(bids({ now, campaign: { startDate: '2026-06-10', timeZone: 'UTC' } })).toBe(false);
    expect(bids({ now, campaign: { endDate: '2026-06-09' } })).toBe(false);
    expect(bids({ now, campaign: { endDate: '2026-06-09', timeZone: 'UTC' } })).toBe(true);
    expect(bids({ now, campaign: { startDate: '2026-06-10', endDate: '2026-06-10' } })).toBe(true);
  });

  it('keeps to the hours of the week on the local clock, across the change to summer time', () => {
    // Sunday 03:00-04:00 local is hour 6 * 24 + 3 = 147.
    const hours = { hoursOfWeek: [147] };
    expect(bids({ campaign: hours, now: '2026-03-22T02:30:00Z' })).toBe(true); // 03:30 CET
    expect(bids({ campaign: hours, now: '2026-03-29T00:30:00Z' })).toBe(false); // 01:30 CET
    expect(bids({ campaign: hours, now: '2026-03-29T01:30:00Z' })).toBe(true); // 03:30 CEST
    expect(bids({ campaign: { hoursOfWeek: [] } })).toBe(false);
    expect(bids({ campaign: { hoursOfWeek: null } })).toBe(true);
  });

  it('targets countries', () => {
    expect(bids({ campaign: { countries: ['PL', 'DE'] } })).toBe(true);
    expect(bids({ campaign: { countries: ['DE'] } })).toBe(false);
    expect(bids({ campaign: { countries: ['PL'] }, request: { device: { ...device, country: null } } })).toBe(
      false,
    );
    expect(bids({ campaign: { countries: [] }, request: { device: { ...device, country: null } } })).toBe(
      true,
    );
  });

  it('targets device types and operating systems', () => {
    expect(bids({ campaign: { deviceTypes: ['desktop', 'tablet'] } })).toBe(true);
    expect(bids({ campaign: { deviceTypes: ['mobile'] } })).toBe(false);
    expect(bids({ campaign: { operatingSystems: ['windows'] } })).toBe(true);
    expect(bids({ campaign: { operatingSystems: ['ios', 'android'] } })).toBe(false);
    const unknown = { device: { ...device, type: null, os: null } };
    expect(bids({ campaign: { deviceTypes: ['desktop'] }, request: unknown })).toBe(false);
    expect(bids({ campaign: { operatingSystems: ['windows'] }, request: unknown })).toBe(false);
    expect(bids({ request: unknown })).toBe(true);
  });

  it('keeps to the include list, subdomains included', () => {
    const on = (domain: string | null) => ({
      campaign: { includeDomains: ['example.com'] },
      request: { inventory: { ...inventory, domain } },
    });
    expect(bids(on('example.com'))).toBe(true);
    expect(bids(on('news.example.com'))).toBe(true);
    expect(bids(on('badexample.com'))).toBe(false);
    expect(bids(on('example.com.evil.org'))).toBe(false);
    expect(bids(on(null))).toBe(false);
  });

  it('stays off the exclude list, subdomains included', () => {
    const on = (domain: string | null) => ({
      campaign: { excludeDomains: ['example.com'] },
      request: { inventory: { ...inventory, domain } },
    });
    expect(bids(on('example.com'))).toBe(false);
    expect(bids(on('a.news.example.com'))).toBe(false);
    expect(bids(on('other.org'))).toBe(true);
    expect(bids(on(null))).toBe(true);
  });

  it('stays away from the excluded categories of the inventory, tier 1 covering tier 2', () => {
    const on = (categories: string[]) => ({
      campaign: { excludedCategories: ['IAB7'] },
      request: { inventory: { ...inventory, categories } },
    });
    expect(bids(on(['IAB12']))).toBe(true);
    expect(bids(on(['IAB12', 'IAB7']))).toBe(false);
    expect(bids(on(['IAB7-39']))).toBe(false);
    expect(bids(on(['IAB17-1']))).toBe(true);
  });

  it('stays off the sensitive categories a new campaign excludes by default, sub-categories included', () => {
    const on = (categories: string[]) => ({
      campaign: { excludedCategories: [...sensitiveIabCategories] },
      request: { inventory: { ...inventory, categories } },
    });
    expect(bids(on(['IAB26']))).toBe(false);
    expect(bids(on(['IAB26-2']))).toBe(false);
    expect(bids(on(['IAB25-3']))).toBe(false);
    expect(bids(on(['IAB12', 'IAB25']))).toBe(false);
    expect(bids(on(['IAB12']))).toBe(true);
    expect(bids(on(['IAB2-6']))).toBe(true);
  });

  it('respects bcat both ways between tier 1 and tier 2', () => {
    const on = (categories: string[], blockedCategories: string[]) => ({
      campaign: { categories },
      request: { blockedCategories },
    });
    expect(bids(on(['IAB22'], ['IAB7']))).toBe(true);
    expect(bids(on(['IAB7-39'], ['IAB7']))).toBe(false);
    expect(bids(on(['IAB7'], ['IAB7-39']))).toBe(false);
    expect(bids(on(['IAB7-39'], ['IAB7-39']))).toBe(false);
    expect(bids(on(['IAB7-12'], ['IAB7-39']))).toBe(true);
    expect(bids(on(['IAB22', 'IAB7-1'], ['IAB25', 'IAB7']))).toBe(false);
    expect(bids(on([], ['IAB7']))).toBe(true);
  });

  it('respects badv, subdomains of a blocked domain included', () => {
    const on = (advertiserDomain: string | null, blockedAdvertiserDomains: string[]) => ({
      campaign: { advertiserDomain },
      request: { blockedAdvertiserDomains },
    });
    expect(bids(on('shop.example', ['shop.example']))).toBe(false);
    expect(bids(on('eu.shop.example', ['shop.example']))).toBe(false);
    expect(bids(on('myshop.example', ['shop.example']))).toBe(true);
    expect(bids(on('shop.example', ['eu.shop.example']))).toBe(true);
    expect(bids(on(null, ['shop.example']))).toBe(true);
  });
});

describe('candidatesFor: audiences', () => {
  const NOW = '2026-06-10T10:00:00Z';
  const viewers = { id: 1, rule: 'product_viewers', productType: null, lookbackDays: 7 } as const;
  const buyers = { id: 2, rule: 'buyers', productType: null, lookbackDays: 30 } as const;
  const viewed = profileOfEvents([
    { type: 'viewItem', at: Date.parse(NOW) - 86_400_000, productIds: ['p1'], productTypes: [] },
  ]);
  const bought = mergeProfiles(
    viewed,
    profileOfEvents([
      { type: 'trackTransaction', at: Date.parse(NOW) - 1_000, productIds: [], productTypes: [] },
    ]),
  );
  /** Which of a retargeting campaign (1, viewers but not buyers) and a prospecting one (2, not buyers) bid. */
  function bidding(profiles: Map<number, VisitorProfile> | null) {
    const index = buildCampaignIndex([
      campaign({ id: 1, advertiserId: 10, includeAudiences: [viewers], excludeAudiences: [buyers] }),
      campaign({ id: 2, advertiserId: 20, excludeAudiences: [buyers], banners: [banner(200)] }),
      campaign({ id: 3, advertiserId: 30, banners: [banner(300)] }),
    ]);
    expect(index.usesProfiles).toBe(true);
    const match = {
      ...context(NOW),
      ...(profiles
        ? { profiles: { get: (id: number) => profiles.get(id) ?? null, advertisers: [...profiles.keys()] } }
        : {}),
    };
    return candidatesFor(index, request(), imp(), match)
      .map((c) => c.campaign.id)
      .sort();
  }

  it('bids for included audiences on their members only, and never on excluded members', () => {
    expect(bidding(null)).toEqual([2, 3]);
    expect(bidding(new Map())).toEqual([2, 3]);
    expect(
      bidding(
        new Map([
          [10, viewed],
          [20, viewed],
        ]),
      ),
    ).toEqual([1, 2, 3]);
    expect(
      bidding(
        new Map([
          [10, bought],
          [20, bought],
        ]),
      ),
    ).toEqual([3]);
    // A profile at another advertiser's shop is not this one's.
    expect(
      bidding(
        new Map([
          [20, viewed],
          [30, viewed],
        ]),
      ),
    ).toEqual([2, 3]);
  });

  it('looks only at the retargeting of the shops that know the visitor, and past the best few', () => {
    // A thousand shops retarget their viewers; the visitor is known at one of them.
    const index = buildCampaignIndex([
      ...Array.from({ length: 1000 }, (_, i) =>
        campaign({
          id: 100 + i,
          advertiserId: 1000 + i,
          includeAudiences: [viewers],
          banners: [banner(100 + i)],
        }),
      ),
      // Dearer campaigns for anyone: the retargeting one is not among the best few of them.
      ...[1, 2, 3].map((i) =>
        campaign({ id: i, advertiserId: i, maxCpmMicros: 90_000_000, banners: [banner(i)] }),
      ),
    ]);
    const asked: number[] = [];
    const profiles = {
      advertisers: [1500],
      get: (id: number) => {
        asked.push(id);
        return id === 1500 ? viewed : null;
      },
    };
    const ids = candidatesFor(index, request(), imp(), { ...context(NOW), profiles }, { limit: 2 }).map(
      (c) => c.campaign.id,
    );
    expect(ids.sort((a, b) => a - b)).toEqual([1, 2, 3, 600]);
    expect(asked).toEqual([1500]);
  });

  it('knows from sizes and prices alone whether any campaign, retargeting ones included, could bid', () => {
    // Net 3 PLN CPM: 3,000 micro-units an impression (4 PLN gross less 25 %), 0.75 USD at 4 PLN a dollar.
    const index = buildCampaignIndex([
      campaign({ id: 1, banners: [banner(1, 728, 90)] }),
      campaign({ id: 2, advertiserId: 20, includeAudiences: [viewers], banners: [banner(2, 160, 600)] }),
    ]);
    const atFloor = (sizes: [number, number][], floor: Partial<ImpFacts> = {}, cur = ['PLN']) =>
      anyCampaignAtFloor(
        index,
        request({ currencies: cur }),
        imp({ sizes: sizes.map(([w, h]) => ({ w, h })), ...floor }),
        context(NOW),
      );
    expect([
      atFloor([[300, 250]]),
      atFloor([
        [300, 250],
        [728, 90],
      ]),
      atFloor([[160, 600]]),
      atFloor([]),
    ]).toEqual([false, true, true, false]);
    for (const size of [
      [728, 90],
      [160, 600],
    ] as [number, number][]) {
      expect(atFloor([size], { floorMicros: 3000, floorCurrency: 'PLN' }), `${size}`).toBe(true);
      expect(atFloor([size], { floorMicros: 3001, floorCurrency: 'PLN' }), `${size}`).toBe(false);
      expect(atFloor([size], { floorMicros: 750, floorCurrency: 'USD' }, ['USD']), `${size}`).toBe(true);
      expect(atFloor([size], { floorMicros: 751, floorCurrency: 'USD' }, ['USD']), `${size}`).toBe(false);
      // A currency without a rate takes no campaign's bid.
      expect(atFloor([size], {}, ['JPY']), `${size}`).toBe(false);
    }
    // What it says matches what the walk finds, on price.
    expect(
      candidatesFor(
        index,
        request(),
        imp({ sizes: [{ w: 728, h: 90 }], floorMicros: 3001, floorCurrency: 'PLN' }),
        context(NOW),
      ),
    ).toEqual([]);
  });

  it('knows when no campaign has audiences', () => {
    expect(buildCampaignIndex([campaign()]).usesProfiles).toBe(false);
  });
});

describe('candidatesFor: dynamic banners', () => {
  const template = {
    layout: 'trio',
    backgroundColour: '#ffffff',
    textColour: '#222222',
    accentColour: '#d0021b',
    callToAction: 'Shop now',
  } as const;
  /** A dynamic banner at one size (as the snapshot gives one per size, the same id). */
  const dynamicBanner = (id: number, width: number, height: number, layout: 'single' | 'trio' = 'trio') => ({
    ...banner(id, width, height),
    type: 'dynamic' as const,
    dynamic: { template: { ...template, layout }, shopName: 'Shop', locale: 'pl-PL' },
  });
  const feed = ['p1', 'p2', 'p3', 'p4'];
  /** What the visitor would be shown of advertiser 10's feed, recording each ask. */
  function shows(products: readonly string[]) {
    const asked: [number, number][] = [];
    const productsOf = (advertiserId: number, count: number) => {
      asked.push([advertiserId, count]);
      return advertiserId === 10 ? products.slice(0, count) : [];
    };
    return { asked, productsOf };
  }

  it('bids with a dynamic banner only when the visitor has products to show, carrying as many as its size shows', () => {
    const index = buildCampaignIndex([
      campaign({ banners: [dynamicBanner(5, 300, 250), dynamicBanner(5, 728, 90), banner(6)] }),
    ]);
    const sizes = [
      { w: 300, h: 250 },
      { w: 728, h: 90 },
    ];
    const some = shows(feed);
    const matched = candidatesFor(index, request(), imp({ sizes }), { ...context(), ...some });
    expect(matched.map((c) => [c.banner.id, c.banner.width, c.products])).toEqual([
      [5, 300, ['p1', 'p2', 'p3']],
      [6, 300, []],
      [5, 728, ['p1', 'p2', 'p3']],
    ]);
    expect(some.asked).toEqual([
      [10, 3],
      [10, 3],
    ]);
    const single = buildCampaignIndex([campaign({ banners: [dynamicBanner(5, 300, 250, 'single')] })]);
    expect(candidatesFor(single, request(), imp(), { ...context(), ...shows(feed) })[0]?.products).toEqual([
      'p1',
    ]);
    // Nothing to show (or no way to ask): the fixed banner bids alone.
    for (const match of [{ ...context(), ...shows([]) }, context()])
      expect(candidatesFor(index, request(), imp({ sizes }), match).map((c) => c.banner.id)).toEqual([6]);
  });

  it('leaves the place of a campaign with nothing to show to the next best', () => {
    const index = buildCampaignIndex([
      campaign({ id: 1, maxCpmMicros: 8_000_000, banners: [dynamicBanner(5, 300, 250)] }),
      campaign({ id: 2, advertiserId: 20, maxCpmMicros: 6_000_000, banners: [banner(7)] }),
      campaign({ id: 3, advertiserId: 30, maxCpmMicros: 4_000_000, banners: [banner(8)] }),
    ]);
    const ids = (products: readonly string[]) =>
      candidatesFor(index, request(), imp(), { ...context(), ...shows(products) }, { limit: 1 }).map(
        (c) => c.campaign.id,
      );
    expect(ids(['p1'])).toEqual([1]);
    expect(ids([])).toEqual([2]);
  });

  it('never bids with a dynamic banner that lacks its template', () => {
    const broken = { ...dynamicBanner(5, 300, 250), dynamic: null };
    const index = buildCampaignIndex([campaign({ banners: [broken] })]);
    expect(candidatesFor(index, request(), imp(), { ...context(), ...shows(feed) })).toEqual([]);
  });

  it('reads profiles for a campaign with a dynamic banner even without audiences', () => {
    expect(buildCampaignIndex([campaign({ banners: [dynamicBanner(5, 300, 250)] })]).usesProfiles).toBe(true);
    expect(buildCampaignIndex([campaign({ banners: [banner(6)] })]).usesProfiles).toBe(false);
  });
});

describe('candidatesFor: currencies and floors', () => {
  it('bids in the campaign’s currency when the request takes it, else in the first it takes that converts', () => {
    const [own] = match({ request: { currencies: ['USD', 'PLN'] } });
    expect(own).toMatchObject({ currency: 'PLN', priceMicros: 3000, fxToAdvertiser: 100_000_000n });
    const [usd] = match({ request: { currencies: ['GBP', 'USD', 'EUR'] } });
    // 3,000 PLN micro-units at 4 PLN a dollar; a dollar micro-unit is worth 4 PLN ones.
    expect(usd).toMatchObject({ currency: 'USD', priceMicros: 750, fxToAdvertiser: 400_000_000n });
    // Whatever the currency, the most it costs the advertiser is its gross price in PLN.
    expect(usd?.maxCostMicros).toBe(4000);
  });

  it('bids in USD when the request names no currency', () => {
    expect(match({ request: { currencies: [] } })[0]).toMatchObject({ currency: 'USD', priceMicros: 750 });
    const eur = campaign({ currency: 'EUR' });
    const [own] = candidatesFor(
      buildCampaignIndex([eur]),
      request({ currencies: ['EUR'] }),
      imp(),
      context(),
    );
    expect(own).toMatchObject({ currency: 'EUR', priceMicros: 3000 });
  });

  it('does not bid when no currency the request takes converts', () => {
    expect(bids({ request: { currencies: ['GBP'] } })).toBe(false);
  });

  it('compares the floor converted up into the bid currency (PLN campaign, USD request, EUR floor)', () => {
    const on = (floorMicros: number) => ({
      request: { currencies: ['USD'] },
      imp: { floorMicros, floorCurrency: 'EUR' },
    });
    // 705 EUR micro-units are 749.06 USD ones, up to 750: the bid of 750 meets it.
    expect(bids(on(705))).toBe(true);
    // 706 are 750.13, up to 751: above the bid.
    expect(bids(on(706))).toBe(false);
  });

  it('compares a floor in the bid currency as it is', () => {
    expect(bids({ imp: { floorMicros: 3000, floorCurrency: 'PLN' } })).toBe(true);
    expect(bids({ imp: { floorMicros: 3001, floorCurrency: 'PLN' } })).toBe(false);
  });

  it('does not bid on a floor in a currency it cannot convert, unless the floor is zero', () => {
    expect(bids({ imp: { floorMicros: 1, floorCurrency: 'CHF' } })).toBe(false);
    expect(bids({ imp: { floorMicros: 0, floorCurrency: 'CHF' } })).toBe(true);
  });

  it('leaves out campaigns in a time zone it does not know', () => {
    expect(bids({ campaign: { timeZone: 'Mars/Olympus' } })).toBe(false);
  });

  it('leaves out campaigns whose net price rounds to nothing', () => {
    expect(bids({ campaign: { maxCpmMicros: 1000 } })).toBe(false);
    // 1 PLN CPM = 750 PLN micro-units an impression net, 187.5 USD ones: rounded down.
    expect(
      match({ campaign: { maxCpmMicros: 1_000_000 }, request: { currencies: ['USD'] } })[0],
    ).toMatchObject({
      priceMicros: 187,
      maxCostMicros: 1000,
    });
  });
});

describe('candidatesFor at scale', () => {
  it('indexes 10,000 campaigns of 3 creatives and finds exactly the fitting ones for an imp', () => {
    const sizes = [
      [300, 250],
      [728, 90],
      [160, 600],
      [300, 600],
      [320, 50],
    ] as const;
    const countries = ['PL', 'DE', 'CZ'];
    const zones = ['Europe/Warsaw', 'Europe/Berlin', 'UTC', 'America/New_York'];
    const campaigns = Array.from({ length: 10_000 }, (_, i) =>
      campaign({
        id: i + 1,
        advertiserId: Math.floor(i / 5) + 1,
        timeZone: zones[i % zones.length],
        countries: i % 4 === 0 ? [] : [countries[i % 3] as string],
        deviceTypes: i % 7 === 0 ? ['mobile'] : [],
        maxCpmMicros: 1_000_000 + (i % 50) * 100_000,
        banners: [0, 1, 2].map((k) => {
          const [w, h] = sizes[(i + k * 2) % sizes.length] as readonly [number, number];
          return banner(i * 3 + k, w, h);
        }),
      }),
    );
    const started = performance.now();
    const index = buildCampaignIndex(campaigns);
    const built = performance.now();
    const found = candidatesFor(index, request(), imp(), context());
    const matched = performance.now();
    for (let i = 0; i < 20; i++) candidatesFor(index, request(), imp(), context());
    const repeated = performance.now();

    const expected = campaigns
      .filter((c) => c.countries.length === 0 || c.countries.includes('PL'))
      .filter((c) => c.deviceTypes.length === 0)
      .flatMap((c) => c.banners.filter((b) => b.width === 300 && b.height === 250).map((b) => b.id));
    expect(found.map((c) => c.banner.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(expected.length).toBeGreaterThan(1000);
    console.info(
      `index ${(built - started).toFixed(1)} ms, first match ${(matched - built).toFixed(2)} ms, ` +
        `then ${((repeated - matched) / 20).toFixed(3)} ms an imp (${found.length} candidates)`,
    );
  });
});

describe('candidatesFor with a limit', () => {
  it('keeps the best campaigns of each currency, ties with the last one included, and skips the rest', () => {
    const prices = [9, 7, 7, 5, 3, 1];
    const index = buildCampaignIndex(
      prices.map((cpm, i) =>
        campaign({ id: i + 1, maxCpmMicros: cpm * 1_000_000, banners: [banner(i + 1)] }),
      ),
    );
    const seen: number[] = [];
    const best = candidatesFor(index, request(), imp(), context(), {
      limit: 2,
      accept: (c) => {
        seen.push(c.id);
        return true;
      },
    });
    expect(best.map((c) => c.campaign.id).sort()).toEqual([1, 2, 3]);
    // Campaigns cheaper than the last one kept are never looked at.
    expect(seen.sort()).toEqual([1, 2, 3]);
  });

  it('counts only the campaigns the caller accepts', () => {
    const index = buildCampaignIndex(
      [9, 8, 2, 1].map((cpm, i) =>
        campaign({ id: i + 1, maxCpmMicros: cpm * 1_000_000, banners: [banner(i + 1)] }),
      ),
    );
    const refused = candidatesFor(index, request(), imp(), context(), {
      limit: 1,
      accept: (c) => c.id !== 1,
    });
    expect(refused.map((c) => c.campaign.id)).toEqual([2]);
    const all = candidatesFor(index, request(), imp(), context());
    expect(all.map((c) => c.campaign.id).sort()).toEqual([1, 2, 3, 4]);
  });

  it('walks each currency on its own: one stopping at its limit or at the floor leaves the others whole', () => {
    // PLN 9, 8, 2 and EUR 3, 1 (EUR 1 = PLN 4.25): with a floor of PLN 5 per mille, the PLN walk
    // stops at the limit (or at PLN 2), and the EUR one at EUR 1, under the floor once converted.
    const index = buildCampaignIndex([
      ...[9, 8, 2].map((cpm, i) =>
        campaign({ id: i + 1, maxCpmMicros: cpm * 1_000_000, banners: [banner(i + 1)] }),
      ),
      ...[3, 1].map((cpm, i) =>
        campaign({ id: 11 + i, currency: 'EUR', maxCpmMicros: cpm * 1_000_000, banners: [banner(11 + i)] }),
      ),
    ]);
    const found = candidatesFor(
      index,
      request({ currencies: ['PLN'] }),
      imp({ floorMicros: 5_000, floorCurrency: 'PLN' }),
      context(),
      { limit: 1 },
    );
    expect(found.map((c) => c.campaign.id).sort((a, b) => a - b)).toEqual([1, 11]);
    // Each imp size has its own walk too: a campaign of both sizes is offered once per creative.
    const both = candidatesFor(
      index,
      request({ currencies: ['PLN'] }),
      imp({
        sizes: [
          { w: 300, h: 250 },
          { w: 728, h: 90 },
        ],
        floorMicros: 5_000,
        floorCurrency: 'PLN',
      }),
      context(),
    );
    expect(both.map((c) => c.campaign.id).sort((a, b) => a - b)).toEqual([1, 2, 11]);
  });
});

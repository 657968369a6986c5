import { describe, expect, it } from 'vitest';
import { openRtbExample as example, openRtbExampleRequests } from '../../openrtb-examples/examples';
import { parseBidRequest } from './parse-bid-request';

const parsed = (name: string) => {
  const result = parseBidRequest(example(name));
  if (!result.ok) throw new Error(`${name}: ${result.reason} ${result.message}`);
  return result;
};

/** The 300x250 imp of examples 1 and 2. */
const medium = {
  id: '1',
  sizes: [{ w: 300, h: 250 }],
  floorMicros: 30,
  floorCurrency: 'USD',
  secure: false,
  position: 0,
};

describe('the OpenRTB 2.6 example requests', () => {
  it('are all valid', () => {
    const requests = openRtbExampleRequests();
    expect(requests).toHaveLength(5);
    for (const { name, body } of requests) expect(parseBidRequest(body).ok, name).toBe(true);
  });

  it('1, a simple banner on a site', () => {
    expect(parsed('request-1-simple-banner.json')).toEqual({
      ok: true,
      noBid: null,
      request: {
        id: '80ce30c53c16e6ede735f123ef6e32361bfc7b22',
        auctionType: 1,
        tmaxMs: null,
        test: false,
        currencies: ['USD'],
        blockedCategories: [],
        blockedAdvertiserDomains: [],
        inventory: {
          kind: 'site',
          domain: 'foobar.com',
          reportName: 'foobar.com',
          categories: ['IAB3-1'],
          page: 'http://www.foobar.com/1234.html',
        },
        device: { type: null, os: null, country: null, ua: null, utcOffsetMinutes: null },
        user: { id: 'x:55816b39711f9b5acf3b90e313ed29e51665623f', personalDataAllowed: true },
        imps: [medium],
      },
    });
  });

  it('2, an expandable banner, second price, with our cookie-synced id', () => {
    const { request, noBid } = parsed('request-2-expandable-creative.json');
    expect(noBid).toBeNull();
    expect(request.auctionType).toBe(2);
    expect(request.imps).toEqual([medium]);
    expect(request.user).toEqual({ id: '545678765467876567898765678987654', personalDataAllowed: true });
    expect(request.inventory.domain).toBe('foobar.com');
  });

  it('3, a banner in an iPhone app, with blocked categories and advertisers', () => {
    expect(parsed('request-3-mobile.json')).toEqual({
      ok: true,
      noBid: null,
      request: {
        id: 'IxexyLDIIk',
        auctionType: 2,
        tmaxMs: null,
        test: false,
        currencies: [],
        blockedCategories: ['IAB25', 'IAB7-39', 'IAB8-18', 'IAB8-5', 'IAB9-9'],
        blockedAdvertiserDomains: ['apple.com', 'go-text.me', 'heywire.com'],
        inventory: {
          kind: 'app',
          domain: '12345',
          reportName: 'Yahoo Weather (12345)',
          categories: ['IAB15', 'IAB15-10'],
          page: null,
        },
        device: {
          type: 'mobile',
          os: 'ios',
          country: null,
          ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 6_1 like Mac OS X) AppleWebKit/534.46 (KHTML, like Gecko) Version/5.1 Mobile/9A334 Safari/7534.48.3',
          utcOffsetMinutes: null,
        },
        user: { id: 'x:ffffffd5135596709273b3a1a07e466ea2bf4fff', personalDataAllowed: true },
        imps: [
          {
            id: '1',
            sizes: [{ w: 728, h: 90 }],
            floorMicros: 500,
            floorCurrency: 'USD',
            secure: false,
            position: 1,
          },
        ],
      },
    });
  });

  it('4, a video imp only: no banner to buy', () => {
    const { request, noBid } = parsed('request-4-video.json');
    expect(noBid).toBe('no_banner_imp');
    expect(request.tmaxMs).toBe(120);
    expect(request.imps).toEqual([
      { id: '1', sizes: [], floorMicros: 30, floorCurrency: 'USD', secure: false, position: null },
    ]);
    expect(request.inventory).toEqual({
      kind: 'site',
      domain: 'siteabcd.com',
      reportName: 'siteabcd.com',
      categories: ['IAB2-1', 'IAB2-2'],
      page: 'http://siteabcd.com/page.htm',
    });
    // `os` says OS X; the type comes from the (Firefox on a Mac) user agent.
    expect(request.device).toMatchObject({ type: 'desktop', os: 'macos', country: null });
    expect(request.user.id).toBe('545678765467876567898765678987654');
  });

  it('5, a private auction for deals: not ours', () => {
    const { request, noBid } = parsed('request-5-pmp-with-direct-deal.json');
    expect(noBid).toBe('private_auction');
    expect(request.auctionType).toBe(1);
    expect(request.imps).toEqual([
      { id: '1', sizes: [], floorMicros: 30, floorCurrency: 'USD', secure: false, position: 0 },
    ]);
    expect(request.device).toMatchObject({ type: 'desktop', os: 'macos' });
  });
});

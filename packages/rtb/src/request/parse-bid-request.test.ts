import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ParsedBidRequest, parseBidRequest } from './parse-bid-request';
import { type InvalidRequestReason, invalidRequestReasons, noBidReasons } from './reasons';

const banner = { id: '1', banner: { w: 300, h: 250 } };
const request = (fields: Record<string, unknown> = {}) => ({ id: 'r1', imp: [banner], ...fields });
const withImp = (imp: Record<string, unknown>) => request({ imp: [{ id: '1', ...imp }] });

function valid(body: unknown) {
  const result = parseBidRequest(body);
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result;
}

function expectInvalid(body: unknown, reason: InvalidRequestReason, message?: string) {
  const result = parseBidRequest(body);
  expect(result).toMatchObject({ ok: false, reason });
  if (message !== undefined) expect(result).toMatchObject({ message });
}

describe('parseBidRequest: malformed requests', () => {
  it.each([null, 'text', 12, true, [], [request()]])('%j is not a JSON object', (body) => {
    expectInvalid(body, 'not_json_object');
  });

  it.each([{}, { id: '' }, { id: '   ' }, { id: 7 }, { id: null }])('%j has no id', (fields) => {
    expectInvalid({ imp: [banner], ...fields }, 'missing_id', 'id is missing or not a string');
  });

  it.each([{}, { imp: [] }, { imp: banner }, { imp: 'x' }])('%j has no imp', (fields) => {
    expectInvalid({ id: 'r1', ...fields }, 'no_imp');
  });

  it.each([{}, { id: '' }, { id: 1 }, { id: null }])('an imp %j has no id', (fields) => {
    expectInvalid(
      request({ imp: [banner, { ...fields, banner: banner.banner }] }),
      'imp_missing_id',
      'imp[1].id is missing or not a string',
    );
  });

  it('rejects imp ids that repeat, naming the id printable and cut', () => {
    expectInvalid(
      request({ imp: [banner, { id: 'b' }, { id: ' 1 ' }] }),
      'duplicate_imp_id',
      'imp[2].id repeats imp[0].id "1"',
    );
    const hostile = `\u0000é\n${'x'.repeat(100)}`;
    const result = parseBidRequest(request({ imp: [{ id: hostile }, { id: hostile }] }));
    expect(result).toEqual({
      ok: false,
      reason: 'duplicate_imp_id',
      message: `imp[1].id repeats imp[0].id "${'x'.repeat(64)}"`,
    });
  });

  it.each([{}, { w: 300 }, { h: 250 }, { w: 300, format: [] }, { format: null }])(
    'banner %j has no size',
    (b) => {
      expectInvalid(withImp({ banner: b }), 'banner_without_size', 'imp[0].banner has no size');
    },
  );

  it.each([
    [{ w: -300, h: 250 }, 'imp[0].banner.w is negative'],
    [{ w: 300, h: -1 }, 'imp[0].banner.h is negative'],
    [
      {
        format: [
          { w: 300, h: 250 },
          { w: -1, h: 50 },
        ],
      },
      'imp[0].banner.format[1].w is negative',
    ],
  ])('banner %j has a negative size', (b, message) => {
    expectInvalid(withImp({ banner: b }), 'negative_size', message);
  });

  it('rejects a request with both site and app', () => {
    expectInvalid(request({ site: { domain: 'a.com' }, app: { bundle: 'com.a' } }), 'site_and_app');
  });

  it('rejects a negative tmax', () => {
    expectInvalid(request({ tmax: -1 }), 'negative_tmax', 'tmax is negative');
  });

  it.each([
    [{ cur: 'USD' }, 'cur is not an array of strings'],
    [{ cur: ['USD', 1] }, 'cur is not an array of strings'],
    [{ bcat: 'IAB25' }, 'bcat is not an array of strings'],
    [{ badv: {} }, 'badv is not an array of strings'],
    [{ at: 0 }, 'at is not an auction type'],
    [{ at: 4 }, 'at is not an auction type'],
    [{ at: 1.5 }, 'at is not an auction type'],
    [{ at: '1' }, 'at is not a number'],
    [{ tmax: '100' }, 'tmax is not a number'],
    [{ tmax: Number.POSITIVE_INFINITY }, 'tmax is not a number'],
    [{ site: 'a.com' }, 'site is not an object'],
    [{ site: { domain: 5 } }, 'site.domain is not a string'],
    [{ site: { cat: [1] } }, 'site.cat is not an array of strings'],
    [{ app: { publisher: [] } }, 'app.publisher is not an object'],
    [{ device: { devicetype: 'phone' } }, 'device.devicetype is not a number'],
    [{ device: { geo: { country: 616 } } }, 'device.geo.country is not a string'],
    [{ device: { sua: { platform: { brand: 1 } } } }, 'device.sua.platform.brand is not a string'],
    [{ user: { buyeruid: 5 } }, 'user.buyeruid is not a string'],
    [{ regs: { gdpr: '1' } }, 'regs.gdpr is not a number'],
    [{ regs: { gdpr: 1 }, user: { consent: false } }, 'user.consent is not a string'],
    [{ imp: [{ ...banner, bidfloor: '0.5' }] }, 'imp[0].bidfloor is not a number'],
    [{ imp: [{ ...banner, bidfloor: -0.01 }] }, 'imp[0].bidfloor is not a price'],
    [{ imp: [{ ...banner, bidfloor: 1e10 }] }, 'imp[0].bidfloor is not a price'],
    [{ imp: [{ ...banner, bidfloorcur: 'US' }] }, 'imp[0].bidfloorcur is not a currency code'],
    [{ imp: [{ ...banner, bidfloorcur: 978 }] }, 'imp[0].bidfloorcur is not a string'],
    [{ imp: [{ ...banner, secure: true }] }, 'imp[0].secure is not a number'],
    [{ imp: [{ ...banner, pmp: { private_auction: '1' } }] }, 'imp[0].pmp.private_auction is not a number'],
    [{ imp: [banner, 'imp'] }, 'imp[1] is not an object'],
    [{ imp: [{ id: '1', banner: [300, 250] }] }, 'imp[0].banner is not an object'],
    [{ imp: [{ id: '1', banner: { w: 300.5, h: 250 } }] }, 'imp[0].banner.w is not an integer'],
    [{ imp: [{ id: '1', banner: { w: '300', h: 250 } }] }, 'imp[0].banner.w is not a number'],
    [{ imp: [{ id: '1', banner: { w: 300, h: 250, pos: 'atf' } }] }, 'imp[0].banner.pos is not a number'],
    [{ device: { geo: { utcoffset: '60' } } }, 'device.geo.utcoffset is not a number'],
    [{ imp: [{ id: '1', banner: { format: { w: 300, h: 250 } } }] }, 'imp[0].banner.format is not an array'],
    [{ imp: [{ id: '1', banner: { format: [[300, 250]] } }] }, 'imp[0].banner.format[0] is not an object'],
  ])('%j is a bad field', (fields, message) => {
    expectInvalid(request(fields), 'bad_field', message);
  });

  it('gives short ASCII messages', () => {
    const result = parseBidRequest(request({ imp: [{ id: 'é'.repeat(300) }, { id: 'é'.repeat(300) }] }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^[\x20-\x7e]{1,200}$/);
  });
});

describe('parseBidRequest: imps', () => {
  it('takes every banner size once, skipping zero and flexible ones', () => {
    const { request: facts, noBid } = valid(
      withImp({
        banner: {
          w: 300,
          h: 250,
          format: [
            { w: 300, h: 250 },
            { w: 728, h: 90 },
            { w: 0, h: 90 },
            { wratio: 16, hratio: 9, wmin: 320 },
            {},
          ],
        },
      }),
    );
    expect(noBid).toBeNull();
    expect(facts.imps[0]?.sizes).toEqual([
      { w: 300, h: 250 },
      { w: 728, h: 90 },
    ]);
  });

  it('takes the sizes of format alone (OpenRTB 2.5 style)', () => {
    expect(valid(withImp({ banner: { format: [{ w: 320, h: 50 }] } })).request.imps[0]?.sizes).toEqual([
      { w: 320, h: 50 },
    ]);
  });

  it('accepts a banner of only flexible sizes, which no banner buys', () => {
    const result = valid(withImp({ banner: { format: [{ wratio: 1, hratio: 1, wmin: 100 }] } }));
    expect(result.request.imps[0]?.sizes).toEqual([]);
    expect(result.noBid).toBe('no_banner_imp');
  });

  it('turns CPM floors into micro-units per impression on their decimal digits, rounding up', () => {
    const floors = [0.03, 0.1, 1.15, 2.675, 1e-7, 0.0000015, 123.4567891, 0, 1000000000, 1.0001];
    const imps = floors.map((bidfloor, index) => ({ ...banner, id: String(index), bidfloor }));
    expect(valid(request({ imp: imps })).request.imps.map((imp) => imp.floorMicros)).toEqual([
      30, 100, 1_150, 2_675, 1, 1, 123_457, 0, 1_000_000_000_000, 1_001,
    ]);
  });

  it('reads the floor currency upper case, USD by default, and secure', () => {
    const facts = valid(
      request({
        imp: [
          { ...banner, bidfloor: 1, bidfloorcur: ' eur ', secure: 1 },
          { ...banner, id: '2', secure: 0 },
        ],
      }),
    ).request;
    expect(facts.imps.map(({ floorCurrency, secure }) => ({ floorCurrency, secure }))).toEqual([
      { floorCurrency: 'EUR', secure: true },
      { floorCurrency: 'USD', secure: false },
    ]);
  });

  it("reads the banner's position, AdCOM's 0 to 7; another number or none is unknown", () => {
    const positions = [0, 1, 3, 7, 8, -1, 1.5, undefined];
    const imps = positions.map((pos, index) => ({ id: String(index), banner: { w: 300, h: 250, pos } }));
    expect(valid(request({ imp: imps })).request.imps.map((imp) => imp.position)).toEqual([
      0,
      1,
      3,
      7,
      null,
      null,
      null,
      null,
    ]);
    expect(valid(withImp({ video: { w: 640, h: 480, pos: 1 } })).request.imps[0]?.position).toBeNull();
  });

  it('keeps banner imps beside video, native and private ones', () => {
    const result = valid(
      request({
        imp: [
          { id: 'v', video: { w: 640, h: 480 } },
          { id: 'n', native: { request: '{}' } },
          { id: 'p', banner: { w: 300, h: 250 }, pmp: { private_auction: 1, deals: [] } },
          { id: 'b', banner: { w: 320, h: 50 }, pmp: { private_auction: 0 } },
        ],
      }),
    );
    expect(result.noBid).toBeNull();
    expect(result.request.imps.map((imp) => [imp.id, imp.sizes.length])).toEqual([
      ['v', 0],
      ['n', 0],
      ['p', 0],
      ['b', 1],
    ]);
  });

  it('says why no imp is ours: no banner, or a private auction', () => {
    expect(valid(withImp({ audio: {} })).noBid).toBe('no_banner_imp');
    expect(valid(withImp({ banner: { w: 1, h: 1 }, pmp: { private_auction: 1 } })).noBid).toBe(
      'private_auction',
    );
  });

  it('trims ids and keeps at most 256 characters', () => {
    const long = 'i'.repeat(300);
    const facts = valid({ id: ` ${long} `, imp: [{ ...banner, id: ` ${long}` }] }).request;
    expect(facts.id).toBe('i'.repeat(256));
    expect(facts.imps[0]?.id).toBe('i'.repeat(256));
  });
});

describe('parseBidRequest: the request', () => {
  it.each([
    [undefined, 2],
    [1, 1],
    [2, 2],
    [3, 2],
    [501, 2],
  ])('at %j is auction type %j', (at, auctionType) => {
    expect(valid(request({ at })).request.auctionType).toBe(auctionType);
  });

  it('reads tmax and test', () => {
    expect(valid(request({ tmax: 250, test: 1 })).request).toMatchObject({ tmaxMs: 250, test: true });
    expect(valid(request({ test: 0 })).request).toMatchObject({ tmaxMs: null, test: false });
  });

  it('keeps currency codes upper case, each once; none that can be one is no bid', () => {
    expect(valid(request({ cur: ['usd', ' EUR', 'EUR', 'euro', 'U$D'] })).request.currencies).toEqual([
      'USD',
      'EUR',
    ]);
    expect(valid(request({ cur: ['euro'] }))).toMatchObject({
      noBid: 'unsupported_currency',
      request: { currencies: [] },
    });
    expect(valid(request({ cur: [] }))).toMatchObject({ noBid: null, request: { currencies: [] } });
  });

  it('normalises blocked categories and advertiser domains', () => {
    const facts = valid(
      request({
        bcat: [' IAB25 ', 'iab7-39', 'IAB25', ''],
        badv: ['https://www.Example.com/shop', 'not a domain', 'com.example.app'],
      }),
    ).request;
    expect(facts.blockedCategories).toEqual(['IAB25', 'IAB7-39']);
    expect(facts.blockedAdvertiserDomains).toEqual(['example.com', 'com.example.app']);
  });
});

describe('parseBidRequest: inventory', () => {
  const inventory = (fields: Record<string, unknown>) => valid(request(fields)).request.inventory;

  it('takes a site domain from domain, else page, else its publisher', () => {
    expect(inventory({ site: { domain: 'WWW.Shop.example.com', page: 'https://other.com/' } }).domain).toBe(
      'shop.example.com',
    );
    expect(inventory({ site: { page: 'https://news.example.org:8443/a?b=c' } })).toEqual({
      kind: 'site',
      domain: 'news.example.org',
      reportName: 'news.example.org',
      categories: [],
      page: 'https://news.example.org:8443/a?b=c',
    });
    expect(inventory({ site: { domain: 'localhost', publisher: { domain: 'pub.com' } } }).domain).toBe(
      'pub.com',
    );
  });

  it('unions the categories of the site and its publisher', () => {
    expect(
      inventory({
        site: {
          cat: ['IAB1'],
          sectioncat: ['IAB1-2', 'IAB1'],
          pagecat: ['iab3'],
          publisher: { cat: ['IAB9'] },
        },
      }).categories,
    ).toEqual(['IAB1', 'IAB1-2', 'IAB3', 'IAB9']);
  });

  it('takes an app bundle, else its domain, else its store host', () => {
    expect(inventory({ app: { bundle: ' Com.Example.App ', domain: 'example.com' } })).toEqual({
      kind: 'app',
      domain: 'com.example.app',
      reportName: 'com.example.app',
      categories: [],
      page: null,
    });
    expect(inventory({ app: { bundle: '628677149' } }).domain).toBe('628677149');
    expect(inventory({ app: { bundle: 'id628677149' } }).domain).toBe('id628677149');
    expect(inventory({ app: { bundle: '???', domain: 'www.example.com' } }).domain).toBe('example.com');
    expect(
      inventory({ app: { storeurl: 'https://play.google.com/store/apps/details?id=com.a' } }).domain,
    ).toBe('play.google.com');
  });

  it('names an app in reports by its bundle, or by its name beside a numeric App Store id', () => {
    const reportName = (app: Record<string, unknown>) => inventory({ app }).reportName;
    expect(reportName({ bundle: '1234567890', name: 42 })).toBe('1234567890');
    expect(reportName({ bundle: ' Com.Example.Game ', name: 'Example Game' })).toBe('com.example.game');
    expect(reportName({ bundle: '1234567890', name: ' Example Game ' })).toBe('Example Game (1234567890)');
    expect(reportName({ bundle: '1234567890', domain: 'www.example.com' })).toBe('example.com (1234567890)');
    // Nothing but the id: the id as it is (the panels say which store it is of).
    expect(reportName({ bundle: '1234567890' })).toBe('1234567890');
    expect(reportName({ name: 'Example Game' })).toBe('Example Game');
    expect(reportName({ storeurl: 'https://play.google.com/store/apps/details?id=com.a' })).toBe(
      'play.google.com',
    );
    // Targeting keeps the bundle as campaigns list it.
    expect(inventory({ app: { bundle: '1234567890', name: 'Example Game' } }).domain).toBe('1234567890');
    expect(inventory({ site: { domain: 'www.news.example' } }).reportName).toBe('news.example');
  });

  it('is an unknown site when neither site nor app is there', () => {
    expect(inventory({})).toEqual({
      kind: 'site',
      domain: null,
      reportName: null,
      categories: [],
      page: null,
    });
  });
});

describe('parseBidRequest: the user', () => {
  const user = (fields: Record<string, unknown>) => valid(request(fields)).request.user;

  it('prefers our cookie-synced id, else the exchange id prefixed', () => {
    expect(user({ user: { id: 'abc', buyeruid: 'ours' } })).toEqual({
      id: 'ours',
      personalDataAllowed: true,
    });
    expect(user({ user: { id: 'abc', buyeruid: ' ' } }).id).toBe('x:abc');
    expect(user({ user: { id: 'a\u0000b' } }).id).toBeNull();
    expect(user({ user: { id: 'é' } }).id).toBeNull();
    expect(user({ user: { id: 'u'.repeat(300) } }).id).toBe(`x:${'u'.repeat(126)}`);
    expect(user({}).id).toBeNull();
  });

  it('uses no personal data under COPPA', () => {
    expect(user({ regs: { coppa: 1 }, user: { buyeruid: 'ours' } })).toEqual({
      id: null,
      personalDataAllowed: false,
    });
  });

  it('uses no personal data under GDPR without a consent string', () => {
    expect(user({ regs: { gdpr: 1 }, user: { buyeruid: 'ours' } })).toEqual({
      id: null,
      personalDataAllowed: false,
    });
    expect(
      user({ regs: { ext: { gdpr: 1 } }, user: { buyeruid: 'ours', consent: 'garbage' } })
        .personalDataAllowed,
    ).toBe(false);
    expect(user({ regs: { gdpr: 0 }, user: { buyeruid: 'ours' } }).personalDataAllowed).toBe(true);
  });
});

// Examples of every shape the property tests mix: valid requests and pieces of them.
const validRequest = fc.record({
  id: fc.string({ minLength: 1 }),
  imp: fc.array(
    fc.record(
      {
        id: fc.string(),
        bidfloor: fc.double({ min: 0, max: 1000, noNaN: true }),
        banner: fc.record(
          { w: fc.nat(2000), h: fc.nat(2000), format: fc.array(fc.record({ w: fc.nat(), h: fc.nat() })) },
          { requiredKeys: [] },
        ),
        pmp: fc.record({ private_auction: fc.constantFrom(0, 1) }),
      },
      { requiredKeys: ['id'] },
    ),
    { minLength: 1, maxLength: 4 },
  ),
  site: fc.record(
    { domain: fc.domain(), page: fc.webUrl(), cat: fc.array(fc.string()) },
    { requiredKeys: [] },
  ),
  device: fc.record(
    {
      ua: fc.string(),
      devicetype: fc.integer({ min: -1, max: 9 }),
      os: fc.string(),
      geo: fc.record({ country: fc.string({ maxLength: 4 }) }),
    },
    { requiredKeys: [] },
  ),
  user: fc.record({ id: fc.string(), buyeruid: fc.string(), consent: fc.string() }, { requiredKeys: [] }),
  regs: fc.record({ gdpr: fc.constantFrom(0, 1), coppa: fc.constantFrom(0, 1) }, { requiredKeys: [] }),
});

function isWellFormed(result: ParsedBidRequest): boolean {
  if (!result.ok)
    return invalidRequestReasons.includes(result.reason) && /^[\x20-\x7e]{1,200}$/.test(result.message);
  return result.noBid === null || noBidReasons.includes(result.noBid);
}

describe('parseBidRequest on anything', () => {
  it('never throws on a JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (body) => isWellFormed(parseBidRequest(body))));
  });

  it('never throws on objects with imps of random content', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.jsonValue(), { minLength: 1 }),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (id, imp, rest) => isWellFormed(parseBidRequest({ ...rest, id, imp })),
      ),
    );
  });

  it('never throws on requests with random values in the fields it reads', () => {
    const anyOr = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof(arbitrary, fc.jsonValue());
    fc.assert(
      fc.property(
        fc.record(
          {
            id: anyOr(fc.string()),
            imp: fc.array(
              fc.record({
                id: anyOr(fc.string()),
                bidfloor: anyOr(fc.double()),
                bidfloorcur: anyOr(fc.string()),
                banner: anyOr(
                  fc.record({
                    w: anyOr(fc.integer()),
                    h: anyOr(fc.integer()),
                    format: fc.array(anyOr(fc.record({ w: anyOr(fc.integer()), h: anyOr(fc.integer()) }))),
                  }),
                ),
                pmp: anyOr(fc.record({ private_auction: anyOr(fc.integer()) })),
              }),
            ),
            at: anyOr(fc.integer()),
            tmax: anyOr(fc.integer()),
            cur: anyOr(fc.array(fc.string())),
            site: anyOr(fc.record({ domain: anyOr(fc.string()), page: anyOr(fc.string()) })),
            app: anyOr(fc.record({ bundle: anyOr(fc.string()), storeurl: anyOr(fc.string()) })),
            device: anyOr(
              fc.record({
                ua: anyOr(fc.string()),
                devicetype: anyOr(fc.integer()),
                sua: anyOr(
                  fc.record({
                    mobile: anyOr(fc.integer()),
                    platform: anyOr(fc.record({ brand: anyOr(fc.string()) })),
                  }),
                ),
              }),
            ),
            user: anyOr(
              fc.record({
                buyeruid: anyOr(fc.string()),
                consent: anyOr(fc.string()),
                ext: anyOr(fc.record({ consent: anyOr(fc.string()) })),
              }),
            ),
            regs: anyOr(
              fc.record({
                gdpr: anyOr(fc.integer()),
                coppa: anyOr(fc.integer()),
                ext: anyOr(fc.record({ gdpr: anyOr(fc.integer()) })),
              }),
            ),
          },
          { requiredKeys: [] },
        ),
        (body) => isWellFormed(parseBidRequest(body)),
      ),
    );
  });

  it('never throws on truncated or garbled requests', () => {
    fc.assert(
      fc.property(validRequest, fc.nat(), fc.nat(), fc.string({ maxLength: 3 }), (body, cut, at, garbage) => {
        const text = JSON.stringify(body);
        const mangled = [
          text.slice(0, cut % (text.length + 1)),
          text.slice(0, at % text.length) + garbage + text.slice(at % text.length),
        ];
        for (const candidate of mangled) {
          let parsedBody: unknown;
          try {
            parsedBody = JSON.parse(candidate);
          } catch {
            continue;
          }
          if (!isWellFormed(parseBidRequest(parsedBody))) return false;
        }
        return isWellFormed(parseBidRequest(body));
      }),
    );
  });
});

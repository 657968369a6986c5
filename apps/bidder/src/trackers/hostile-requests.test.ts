import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

let f: TrackerFixture;
beforeAll(async () => {
  f = await trackerFixture();
});
afterAll(() => f.close());

const routes = [
  '/rtb/win',
  '/rtb/bill',
  '/rtb/loss',
  '/rtb/imp',
  '/rtb/click',
  '/rtb/conversion',
  '/rtb/sync',
  '/rtb/events',
  '/rtb/postback',
];
const names = fc.constantFrom('t', 'p', 'r', 'adv', 'order', 'value', 'currency', 'redirect', 'd', 'x');
// biome-ignore lint/suspicious/noTemplateCurlyInString: an unsubstituted macro, as exchanges send it
const UNSUBSTITUTED = '${AUCTION_PRICE}';
const values = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(UNSUBSTITUTED, '-1', '1e99', 'NaN', '0x10', '999999999999999999999', '%00', '%FF%FE'),
  fc.nat().map(String),
);

describe('hostile requests', () => {
  it('never answer 5xx, whatever the parameters, method and cookies', async () => {
    const signed = f.sign({ ...f.bid(), url: 'https://demo-shop.example.com/' });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('GET', 'POST'),
        fc.array(fc.tuple(names, fc.oneof(values, fc.constant(signed))), { maxLength: 6 }),
        fc.string({ maxLength: 80 }),
        async (route, method, params, cookie) => {
          const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const res = await f.request({
            method,
            url: `${route}?${query}`,
            headers: { cookie, 'user-agent': cookie },
          });
          expect(res.statusCode, `${method} ${route}?${query}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never answer a postback 5xx, whatever its body and signature headers', async () => {
    const body = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.json(),
      fc
        .record(
          {
            advertiserId: fc.oneof(fc.constant(f.shopId), fc.integer(), fc.double(), values),
            orderId: values,
            value: fc.oneof(values, fc.double()),
            currency: fc.oneof(values, fc.constant('PLN')),
            visitorId: values,
            userId: values,
          },
          { requiredKeys: [] },
        )
        .map((record) => JSON.stringify(record)),
    );
    await fc.assert(
      fc.asyncProperty(body, values, values, async (payload, timestamp, signature) => {
        const res = await f.request({
          method: 'POST',
          url: '/rtb/postback',
          headers: {
            'content-type': 'application/json',
            'x-rtb-timestamp': timestamp,
            'x-rtb-signature': signature,
          },
          payload,
        });
        expect(res.statusCode, payload).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});

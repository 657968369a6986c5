import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { Readiness } from '@rtb/operations';
import { openRtbExampleRequests } from '@rtb/rtb/openrtb-examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBudgetStore } from '../budget/memory-budget-store';
import { type BidderTest, createBidderTest } from '../test/bidder-harness';
import { siteRequest } from '../test/exchange';

/**
 * The bid endpoint over real HTTP, as it is served: in front of Fastify on the bidder's own server
 * (`npm run bidder`: `app.listen`) and through `Bidder.handler` on a server shared with the API
 * (`npm start`). Both must answer as the route does, headers and connections included.
 */
let b: BidderTest;
let readiness: Readiness;
const servers: Record<'alone' | 'mounted', number> = { alone: 0, mounted: 0 };
let mounted: http.Server;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(
  port: number,
  options: { method?: string; path?: string; body?: string | Buffer; headers?: http.OutgoingHttpHeaders },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path ?? '/openrtb2/bid',
        headers: { 'content-type': 'application/json', ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const post = (port: number, payload: unknown, path?: string) =>
  send(port, {
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...(path ? { path } : {}),
  });

/** Demo Shop's campaign on 300x250, active and loaded. */
async function activeCampaign(test: BidderTest) {
  const today = await todayOf(test.t, test.shopId);
  const bannerId = await insertBanner(test.t, test.shopId, 'approved');
  const { id } = await createCampaign(
    test.t,
    test.shopToken,
    validCampaign(today, { bannerIds: [bannerId], maxCpm: 25_000, dailyBudget: 50_000 }),
  );
  await setCampaignStatus(test.t, test.shopToken, id, 'active');
  await test.bidder.live.settled();
}

beforeAll(async () => {
  readiness = new Readiness();
  b = await createBidderTest({ readiness });
  await activeCampaign(b);
  await b.bidder.app.listen({ port: 0, host: '127.0.0.1' });
  servers.alone = (b.bidder.app.server.address() as AddressInfo).port;
  mounted = http.createServer(b.bidder.handler);
  await new Promise<void>((resolve) => mounted.listen(0, '127.0.0.1', resolve));
  servers.mounted = (mounted.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => mounted.close(resolve));
  await b.close();
});

describe.each(['alone', 'mounted'] as const)('POST /openrtb2/bid over HTTP (%s)', (server) => {
  const port = () => servers[server];

  it('bids with an OpenRTB 2.6 response, on the path with a trailing slash and a query too', async () => {
    for (const path of ['/openrtb2/bid', '/openrtb2/bid/', '/openrtb2/bid?exchange=x', '/openrtb2/bid/?x']) {
      const res = await post(port(), siteRequest(), path);
      expect(res.status, `${path} ${res.headers['x-rtb-reason']}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-openrtb-version']).toBe('2.6');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ id: 'req-1', cur: 'PLN' });
      expect(body.seatbid[0].bid[0].nurl).toContain('/rtb/win?t=');
    }
  });

  it('writes any request id into the response as JSON, the fields in their order', async () => {
    const id = 'req "1" \\ </script> \u2028 \u0000 żółw 🐢';
    const res = await post(port(), siteRequest({ id }));
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.id).toBe(id);
    expect(Object.keys(body)).toEqual(['id', 'bidid', 'cur', 'seatbid']);
    const [bid] = body.seatbid[0].bid;
    expect(Object.keys(bid).filter((key) => key !== 'adomain')).toEqual([
      ...['id', 'impid', 'price', 'adm', 'nurl', 'burl', 'lurl', 'crid', 'cid', 'cat', 'cattax'],
      ...['w', 'h', 'mtype', 'ext'],
    ]);
    expect(bid).toMatchObject({ impid: '1', cattax: 1, mtype: 1, ext: { advertiserId: b.shopId } });
  });

  it('answers the examples it does not buy 204 with the reason and no body', async () => {
    const video = openRtbExampleRequests().find(({ name }) => name.includes('video'));
    const res = await post(port(), video?.body);
    expect([res.status, res.headers['x-rtb-reason'], res.body]).toEqual([204, 'no_banner_imp', '']);
  });

  it('answers a request no campaign reaches at its floor or in its currency 204 no_campaign', async () => {
    const floor = { id: '1', banner: { w: 300, h: 250 }, bidfloor: 900, bidfloorcur: 'PLN' };
    const noRate = { id: '1', banner: { w: 300, h: 250 }, bidfloor: 1, bidfloorcur: 'JPY' };
    for (const request of [siteRequest({ imp: [floor] }), siteRequest({ imp: [noRate], cur: ['JPY'] })]) {
      const res = await post(port(), request);
      expect([res.status, res.headers['x-rtb-reason']]).toEqual([204, 'no_campaign']);
    }
  });

  it('refuses a malformed request 400 with the reason and the message', async () => {
    const res = await post(port(), { id: 'x' });
    expect([
      res.status,
      res.headers['x-rtb-reason'],
      res.headers['x-rtb-message'],
      res.headers['content-length'],
      res.body,
    ]).toEqual([400, 'no_imp', 'imp is missing or empty', '0', '']);
    expect((await post(port(), '{"id":')).headers['x-rtb-reason']).toBe('bad_json');
  });

  it('refuses a body over 256 kB, declared or sent in chunks, and closes the connection', async () => {
    const huge = `{"id":"x","pad":"${'a'.repeat(300 * 1024)}"}`;
    const declared = await post(port(), huge);
    const chunked = await send(port(), { body: huge, headers: { 'transfer-encoding': 'chunked' } });
    for (const res of [declared, chunked])
      expect([res.status, res.headers['x-rtb-reason'], res.headers.connection]).toEqual([
        400,
        'too_large',
        'close',
      ]);
  });

  it('leaves other methods and paths to the routes', async () => {
    expect((await send(port(), { method: 'GET' })).status).toBe(404);
    expect((await post(port(), siteRequest(), '/openrtb2/bids')).status).toBe(404);
    const notice = await send(port(), { method: 'GET', path: '/rtb/win?t=forged&p=1' });
    expect([notice.status, notice.headers['x-rtb-reason']]).toEqual([400, 'bad_token']);
  });
});

it('times every answer, and closes each connection while the process drains', async () => {
  const timed = async () =>
    (await b.bidder.metrics.bidSeconds.get()).values.find((v) => v.metricName?.endsWith('_count'))?.value ??
    0;
  const before = await timed();
  await post(servers.alone, siteRequest());
  await post(servers.mounted, { id: 'x' });
  expect(await timed()).toBe(before + 2);
  readiness.drain();
  for (const port of [servers.alone, servers.mounted]) {
    const res = await post(port, siteRequest());
    expect([res.status, res.headers['x-rtb-reason'], res.headers.connection]).toEqual([
      204,
      'draining',
      'close',
    ]);
  }
});

it('answers 204 unavailable when something inside fails, and keeps serving', async () => {
  class FailingStore extends MemoryBudgetStore {
    override async reserve(): Promise<never> {
      throw new Error('the store is down');
    }
  }
  const failing = await createBidderTest({ store: new FailingStore() });
  try {
    await activeCampaign(failing);
    const server = http.createServer(failing.bidder.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    for (const _ of [1, 2]) {
      const res = await post(port, siteRequest());
      expect([res.status, res.headers['x-rtb-reason']]).toEqual([204, 'unavailable']);
    }
    expect((await post(port, { id: 'x' })).status).toBe(400);
    await new Promise((resolve) => server.close(resolve));
  } finally {
    await failing.close();
  }
});

import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { Readiness } from '@rtb/operations';
import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BidderMetrics } from './metrics/bidder-metrics';
import { type BidderTest, createBidderTest } from './test/bidder-harness';
import {
  BROWSER,
  type ExchangeBid,
  markupUrls,
  pathOf,
  siteRequest,
  substituteMacros,
} from './test/exchange';

/*
 * What the bidder tells an operator (docs/operations.md, 'Health, readiness and metrics'):
 * `/healthz`, `/readyz` and `/metrics` served by a bidder that runs alone, after a known traffic.
 */

/** One sample of the Prometheus text: the value of `name` with exactly these labels (0 when absent). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '')
      .split(/,(?=[a-z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (have === wanted) return Number(match[3]);
  }
  return 0;
}

let b: BidderTest;
let readiness: Readiness;
let campaignId: number;
let today: string;
beforeAll(async () => {
  readiness = new Readiness();
  const registry = new Registry();
  b = await createBidderTest({
    readiness,
    metrics: new BidderMetrics(registry),
    operations: { registry, metricsToken: 'a-metrics-token-of-16+' },
  });
  today = await todayOf(b.t, b.shopId);
  const banner = await insertBanner(b.t, b.shopId, 'approved');
  ({ id: campaignId } = await createCampaign(
    b.t,
    b.shopToken,
    validCampaign(today, { bannerIds: [banner], maxCpm: 25_000 }),
  ));
  await setCampaignStatus(b.t, b.shopToken, campaignId, 'active');
  await b.bidder.live.settled();
});
afterAll(() => b.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  b.bidder.app.inject({ method: 'GET', url, headers });
const metrics = async () => (await get('/metrics', { authorization: 'Bearer a-metrics-token-of-16+' })).body;
const bid = (payload: unknown) =>
  b.bidder.app.inject({ method: 'POST', url: '/openrtb2/bid', payload: payload as object });

describe('health, readiness and metrics of a bidder', () => {
  it('lives, is ready with every part named, and keeps its metrics behind the token', async () => {
    const health = await get('/healthz');
    expect([health.statusCode, health.body]).toEqual([200, 'ok\n']);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        'campaign index': 'ok',
        'commit queue': 'ok',
        // With the event log on NATS (NATS_URL), its connection too.
        ...(process.env.NATS_URL ? { 'event log': 'ok' } : {}),
        'budget store': 'ok',
      },
    });
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    const text = await get('/metrics', { authorization: 'Bearer a-metrics-token-of-16+' });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts a known traffic exactly: requests by outcome and reason, bids, wins, losses, spend, events, refusals', async () => {
    const before = await metrics();
    const bids: ExchangeBid[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await bid(siteRequest({ id: `m${i}` }));
      expect(res.statusCode).toBe(200);
      bids.push(res.json().seatbid[0].bid[0]);
    }
    for (let i = 0; i < 2; i++)
      expect(
        (await bid(siteRequest({ id: `n${i}`, imp: [{ id: '1', banner: { w: 1, h: 1 } }] }))).statusCode,
      ).toBe(204);
    expect(
      (await b.bidder.app.inject({ method: 'POST', url: '/openrtb2/bid', payload: '{' })).statusCode,
    ).toBe(400);
    const won = { price: '100.00' };
    for (const one of bids.slice(0, 3)) {
      for (const url of [one.nurl, one.burl])
        expect((await get(pathOf(substituteMacros(url, one, won)))).statusCode).toBe(200);
      const { pixel } = markupUrls(substituteMacros(one.adm, one, won));
      expect((await get(pathOf(pixel), { 'user-agent': BROWSER })).statusCode).toBe(200);
    }
    const lost = bids[3] as ExchangeBid;
    expect(
      (await get(pathOf(substituteMacros(lost.lurl, lost, { price: '300.00', loss: 102 })))).statusCode,
    ).toBe(200);
    expect((await get('/rtb/win?t=forged&p=1')).statusCode).toBe(400);
    // Wins, losses, spend and the events' results are counted by the fold, after the answers.
    await b.bidder.folded();

    const after = await metrics();
    const grew = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(grew('rtb_bid_requests_total', { outcome: 'bid', reason: '' })).toBe(5);
    expect(grew('rtb_bid_requests_total', { outcome: 'no_bid', reason: 'no_campaign' })).toBe(2);
    expect(grew('rtb_bid_requests_total', { outcome: 'invalid', reason: 'bad_json' })).toBe(1);
    expect(grew('rtb_bid_duration_seconds_count')).toBe(8);
    expect(grew('rtb_bids_total', { currency: 'PLN' })).toBe(5);
    expect(grew('rtb_wins_total')).toBe(3);
    expect(grew('rtb_losses_total')).toBe(1);
    expect(grew('rtb_tracked_events_total', { type: 'impression', result: 'recorded' })).toBe(3);
    expect(grew('rtb_tracked_events_total', { type: 'render', result: 'recorded' })).toBe(3);
    expect(grew('rtb_tracker_requests_total', { route: '/rtb/win', status: '200' })).toBe(3);
    expect(grew('rtb_tracker_requests_total', { route: '/rtb/win', status: '400' })).toBe(1);
    expect(sample(after, 'rtb_commit_queue_depth', { queue: 'delivery' })).toBe(0);
    expect(grew('rtb_commit_duration_seconds_count', { queue: 'delivery' })).toBeGreaterThan(0);
    expect(sample(after, 'rtb_index_campaigns')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'rtb_index_age_seconds')).toBeGreaterThanOrEqual(0);
    // Spend: what the database billed, to the micro-unit.
    const [billed] = (
      (await b.t.database.db.execute(sql`
        select coalesce(sum(cost_micros), 0) as gross from delivery_events
        where campaign_id = ${campaignId} and kind = 'impression' and invalid_reason is null`)) as unknown as {
        rows: { gross: string }[];
      }
    ).rows;
    expect(grew('rtb_spend_micros_total', { currency: 'PLN' })).toBe(Number(billed?.gross));
  });

  it("shows the bids in the advertiser's report, agreeing with the metrics", async () => {
    await b.bidder.bidCounts.flush();
    const res = await b.t.call({
      method: 'GET',
      url: `/api/advertiser/reports?from=${today}&to=${today}&time=none&by=campaign`,
      token: b.shopToken,
    });
    expect(res.status).toBe(200);
    const { report } = res.body.data;
    const row = report.rows.elements.find((r: { key: string }) => r.key === String(campaignId));
    const bidsSent = sample(await metrics(), 'rtb_bids_total', { currency: 'PLN' });
    expect(row).toMatchObject({ bids: bidsSent, wins: 3, winRate: 3 / bidsSent });
    expect(report.totals.bids).toBe(bidsSent);
  });

  it('turns unready and bids no more once it drains; every answer closes its connection', async () => {
    readiness.drain();
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.shutdown).toBe('The process is shutting down.');
    const res = await bid(siteRequest({ id: 'late' }));
    expect([res.statusCode, res.headers['x-rtb-reason'], res.headers.connection]).toEqual([
      204,
      'draining',
      'close',
    ]);
    expect(sample(await metrics(), 'rtb_bid_requests_total', { outcome: 'no_bid', reason: 'draining' })).toBe(
      1,
    );
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { createTestApp, type TestApp } from '@rtb/api/test-harness';
import { todayOf } from '@rtb/api/test-helpers/campaigns';
import { csvFeed } from '@rtb/api/test-helpers/products';
import { loadBidderConfig } from '@rtb/bidder';
import {
  freePort,
  type NodeProcess,
  natsServerAvailable,
  type PrivateNats,
  type PrivatePostgres,
  type PrivateRedis,
  startNodeProcess,
  startPrivateNats,
  until,
  untilReady,
  within,
} from '@rtb/operations/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCampaign, fundedDemoShop } from '../../bidder/src/test/bidder-harness';
import { withNats as withNatsConnection } from '../../bidder/src/test/event-streams';
import {
  expectNoticesCountedOnce,
  expectSpendBooked,
  untilLogFolded,
} from '../../bidder/src/test/exchange-books';
import { HttpExchange } from '../../bidder/src/test/http-exchange';
import { privateServersAvailable, startPrivateServers } from '../../bidder/src/test/private-servers';
import { eventStreamOf } from '../../bidder/src/trackers/jetstream/event-stream';
import { type Balancer, roundRobinBalancer } from './test/round-robin-balancer';

/*
 * The roles of `npm run serve` as separate processes (docs/operations.md, 'Roles'): one API
 * (ROLE=api), two bidders (ROLE=bidder) behind a round-robin load balancer, one worker
 * (ROLE=worker), on a PostgreSQL and a Redis of the test's own, the bidders' events logged in
 * PostgreSQL or in a NATS JetStream of the test's own. An exchange bids and sends its
 * notices through the balancer (a bid and its notices reach either bidder); an advertiser uses
 * the API meanwhile (a feed upload the worker imports, the report). Every notice answered 200
 * counts once, spend equals the ledger and the report, and every process drains on SIGTERM.
 */

const available = privateServersAvailable('roles.test.ts');

const SIGNING_KEY = 'the-signing-key-every-bidder-process-shares';
const CLEARING_CPM = '1.10';

/** The event log of the bidders: PostgreSQL's table, and NATS JetStream where a nats-server is installed. */
const logs = [
  { log: 'PostgreSQL', nats: false },
  ...(natsServerAvailable() ? [{ log: 'NATS JetStream', nats: true }] : []),
];

describe.runIf(available).each(logs)(
  'the roles as separate processes under exchange traffic, events logged in $log',
  ({ nats: withNats }) => {
    let postgres: PrivatePostgres;
    let redis: PrivateRedis;
    let natsServer: PrivateNats | undefined;
    let t: TestApp;
    let folder: string;
    let shopId: number;
    let shopToken: string;
    let campaignId: number;
    let balancer: Balancer | undefined;
    const processes: NodeProcess[] = [];

    beforeAll(async () => {
      const servers = await startPrivateServers();
      ({ postgres, redis } = servers);
      if (withNats) natsServer = await startPrivateNats();
      // The test's own API in this process sets the scene (demo data, a funded shop, a campaign).
      t = await createTestApp({ database: servers.database, demo: true });
      const shop = await fundedDemoShop(t);
      ({ shopId, shopToken } = shop);
      campaignId = await activeCampaign(t, shop);
      folder = await mkdtemp(join(tmpdir(), 'rtb-roles-'));
      await mkdir(join(folder, 'web'));
      await writeFile(join(folder, 'web', 'index.html'), '<!doctype html><title>RTB Panel</title>');
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.kill()));
      await balancer?.close();
      await t?.close();
      await redis?.destroy();
      await postgres?.destroy();
      await natsServer?.destroy();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    /** `npm run serve` with a role, its environment besides the shared one. */
    function serve(role: string, env: Record<string, string>, publicUrl: string): NodeProcess {
      const started = startNodeProcess('apps/all-in-one/src/main.ts', {
        ROLE: role,
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        HOST: '127.0.0.1',
        DATA_DIR: join(folder, 'data'),
        WEB_DIST: join(folder, 'web'),
        DEMO_DATA: 'false',
        RTB_SIGNING_KEY: SIGNING_KEY,
        RTB_PUBLIC_URL: publicUrl,
        DRAIN_TIMEOUT_MS: '8000',
        LOG_LEVEL: 'warn',
        ...(natsServer ? { NATS_URL: natsServer.url } : {}),
        ...env,
      });
      processes.push(started);
      return started;
    }

    it('counts every acknowledged event once, and spend equals the ledger and the report', async () => {
      const [apiPort, bidderPorts, workerPort] = [
        await freePort(),
        [await freePort(), await freePort()],
        await freePort(),
      ];
      balancer = await roundRobinBalancer(bidderPorts);
      const rtbUrl = `http://127.0.0.1:${balancer.port}`;
      const api = serve('api', { PORT: String(apiPort), PUBLIC_URL: `http://127.0.0.1:${apiPort}` }, rtbUrl);
      await untilReady(`http://127.0.0.1:${apiPort}`, api);
      const bidders = bidderPorts.map((port) =>
        serve('bidder', { BIDDER_PORT: String(port), BIDDER_WORKERS: '1' }, rtbUrl),
      );
      const worker = serve('worker', { WORKER_PORT: String(workerPort) }, rtbUrl);
      await Promise.all([
        ...bidders.map((bidder, i) => untilReady(`http://127.0.0.1:${bidderPorts[i]}`, bidder)),
        untilReady(`http://127.0.0.1:${workerPort}`, worker),
      ]);
      // The API process serves the panels and not the bid endpoint; a bidder does not serve the panels.
      expect((await fetch(`http://127.0.0.1:${apiPort}/openrtb2/bid`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${bidderPorts[0]}/api/public/configuration`)).status).toBe(404);

      const exchange = new HttpExchange(balancer.port, CLEARING_CPM);
      try {
        exchange.start(6);
        // Meanwhile the advertiser uploads a feed to the API; the worker process imports it.
        const apiUrl = `http://127.0.0.1:${apiPort}`;
        const form = new FormData();
        form.append(
          'file',
          new Blob([
            csvFeed([
              { id: 'R1', title: 'Roles shoe', price: '99.00 PLN' },
              { id: 'R2', title: 'Roles boot', price: '149.00 PLN' },
            ]),
          ]),
          'feed.csv',
        );
        const upload = await fetch(`${apiUrl}/api/advertiser/product-feed/uploads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${shopToken}` },
          body: form,
        });
        expect(upload.status, await upload.clone().text()).toBe(202);
        const importId = ((await upload.json()) as { data: { feedImport: { id: number } } }).data.feedImport
          .id;
        let status = 'queued';
        await until(
          async () => {
            const res = await fetch(`${apiUrl}/api/advertiser/product-feed/imports/${importId}`, {
              headers: { authorization: `Bearer ${shopToken}` },
            });
            status = ((await res.json()) as { data: { feedImport: { status: string } } }).data.feedImport
              .status;
            return status !== 'queued' && status !== 'running';
          },
          'the worker to import the uploaded feed',
          60_000,
        );
        expect(status).toBe('succeeded');

        await until(() => exchange.answered('bill').length >= 60, 'sixty billed impressions', 120_000);
        await exchange.stop();
        await exchange.resendUnanswered();
      } finally {
        await exchange.close();
      }
      // Each bidder took bids and notices.
      for (const port of bidderPorts) expect(balancer.handed.get(port)).toBeGreaterThan(60);

      // Every notice answered 200 counts once; spend: the events, the daily rollup, the ledger and
      // the advertiser's report agree.
      const db = t.database.db;
      if (natsServer) await untilStreamFolded(natsServer.url);
      else await untilLogFolded(db);
      const billed = await expectNoticesCountedOnce(db, exchange);
      const { books } = await expectSpendBooked(db, shopId, campaignId, billed.size);
      const today = await todayOf(t, shopId);
      const report = await fetch(
        `http://127.0.0.1:${apiPort}/api/advertiser/reports?from=${today}&to=${today}`,
        { headers: { authorization: `Bearer ${shopToken}` } },
      );
      expect(report.status).toBe(200);
      const { totals } = ((await report.json()) as { data: { report: { totals: Record<string, number> } } })
        .data.report;
      expect({ impressions: totals.impressions, spend: totals.spendMicros }).toEqual({
        impressions: books.billed.impressions,
        spend: books.billed.gross,
      });

      // Each process serves its metrics, and drains on SIGTERM.
      for (const port of bidderPorts) {
        const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        expect(metrics).toMatch(/^rtb_bid_requests_total\{outcome="bid",reason=""\} [1-9]/m);
        // Each bidder's events went to the log the test gave it.
        if (natsServer) expect(metrics).toMatch(/^rtb_nats_publish_duration_seconds_count [1-9]/m);
      }
      expect(await (await fetch(`http://127.0.0.1:${workerPort}/metrics`)).text()).toMatch(/^process_cpu/m);
      for (const started of [api, ...bidders, worker]) started.child.kill('SIGTERM');
      for (const started of [api, ...bidders, worker])
        expect(await within(started.exited, 30_000, 'a process to drain')).toEqual({ code: 0, signal: null });
    }, 300_000);
  },
);

/** Waits until the bidders' event stream holds nothing: every event acknowledged, folded and acked. */
async function untilStreamFolded(url: string) {
  const { stream } = eventStreamOf(loadBidderConfig({}).natsStream);
  await until(
    () =>
      withNatsConnection(
        async (nc) => (await (await jetstreamManager(nc)).streams.info(stream)).state.messages === 0,
        url,
      ),
    'the event stream folded',
    60_000,
  );
}

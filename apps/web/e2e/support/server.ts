import { demoShopTagKey, seedDemoShop } from '@rtb/db';
import pino from 'pino';
import type { MountedHandler } from '../../../api/src/app';
import type { AppConfig } from '../../../api/src/config';
import { startFeedWorker } from '../../../api/src/contexts/shop/products/worker';
import { createTestApp, type TestApp } from '../../../api/src/test/harness';
import { type Bidder, bidderPathPrefixes, buildBidder } from '../../../bidder/src/app';
import { MemoryBudgetStore } from '../../../bidder/src/budget/memory-budget-store';
import { testBidderConfig } from '../../../bidder/src/test/bidder-config';
import { createDemoShop, DEMO_SHOP_PATH } from '../../../simulator/src/index';
import { snapshotWebApp, WEB_SNAPSHOT_ENV } from './web-app';

export interface E2EServer {
  /** The test app: `t.outbox()`, `t.call(...)`, `t.referenceId(...)`, its database. */
  t: TestApp;
  /** e.g. http://127.0.0.1:41234 */
  baseURL: string;
  /** The bidder on the same port, when asked for (`{ bidder: true }`): `bidder.live.settled()`. */
  bidder: Bidder | null;
  close(): Promise<void>;
}

export interface ServerOptions {
  /**
   * Also the bidder and its trackers (in-memory budget counters) on the same port, under the
   * paths `npm start` gives them (apps/all-in-one/src/main.ts), with the server's address as their
   * public and assets URL: exchanges and the simulator reach them as in production.
   */
  bidder?: boolean;
  /** Also the product feeds' worker, as `npm start` runs it (queued imports start within seconds). */
  feedWorker?: boolean;
  /**
   * Also demo mode's shop (`/demo-shop/`: pages with Demo Shop's tag, product images, the feed)
   * on the same port, and what `npm start` seeds for it: the tag, the feed at the shop's URL (due
   * at once), the standard audiences, the dynamic banner and the active retargeting campaign.
   * Needs `bidder` (the pages load its /tag.js). The feed and its images are fetched from the
   * server's own loopback address: the configuration must allow private addresses
   * (`urlVerifyAllowPrivate`), as the shop's address is known only once it listens.
   */
  demoShop?: boolean;
}

/**
 * The real API with the demo data on its own migrated database (PGlite, or a temporary
 * PostgreSQL database with DATABASE_URL), serving a copy of apps/web/dist, on a free port of
 * 127.0.0.1.
 */
export async function startServer(
  config: Partial<AppConfig> = {},
  options: ServerOptions = {},
): Promise<E2EServer> {
  // The run's copy of apps/web/dist (global setup), or a copy of this file's own.
  const shared = process.env[WEB_SNAPSHOT_ENV];
  const own = shared ? null : await snapshotWebApp();
  const webDist = own?.root ?? shared ?? '';
  // The bidder needs the server's address, known once it listens: until it is built, 503.
  let bidderHandler: MountedHandler['handler'] = (_req, res) => res.writeHead(503).end();
  let demoShop: ReturnType<typeof createDemoShop> | null = null;
  const prefixes = options.demoShop ? [...bidderPathPrefixes, DEMO_SHOP_PATH] : bidderPathPrefixes;
  const t = await createTestApp({
    demo: true,
    config: { webDist, ...config },
    ...(options.bidder
      ? {
          mount: {
            prefixes,
            handler: (req, res) =>
              demoShop && req.url?.startsWith(DEMO_SHOP_PATH)
                ? void demoShop(req, res)
                : bidderHandler(req, res),
          },
        }
      : {}),
  });
  let bidder: Bidder | null = null;
  const feedWorker = options.feedWorker
    ? startFeedWorker({ deps: t.deps, log: pino({ level: 'silent' }), intervalMs: 500 })
    : null;
  const close = async () => {
    await feedWorker?.stop();
    await bidder?.close();
    await t.close();
    await own?.remove();
  };
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error(`unexpected server address ${address}`);
    const baseURL = `http://127.0.0.1:${address.port}`;
    if (options.demoShop) {
      // Seeded before the bidder starts, as `npm start` does: its first index has the campaign.
      await seedDemoShop(t.database.db, {
        dataDir: t.deps.config.dataDir,
        feedUrl: `${baseURL}${DEMO_SHOP_PATH}/feed.xml`,
      });
      demoShop = createDemoShop({
        publicUrl: baseURL,
        rtbPublicUrl: baseURL,
        localUrl: baseURL,
        tagKey: () => demoShopTagKey(t.database.db),
      });
    }
    if (options.bidder) {
      const built = await buildBidder({
        deps: t.deps,
        database: t.database,
        store: new MemoryBudgetStore(),
        config: testBidderConfig({ publicUrl: baseURL, assetsUrl: baseURL }),
        logger: pino({ level: 'silent' }),
      });
      bidder = built;
      bidderHandler = built.handler;
    }
    return { t, baseURL, bidder, close };
  } catch (error) {
    await close();
    throw error;
  }
}

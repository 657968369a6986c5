import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseHandle } from '@rtb/db';
import { type DeliveryDeps, newerPublishedModel, winCurvesUpdatedAfter } from '@rtb/delivery';
import {
  boundedServer,
  closeConnectionsWhileDraining,
  Readiness,
  registerOperationsRoutes,
} from '@rtb/operations';
import { buildCampaignIndex, type CampaignIndex } from '@rtb/rtb';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { Registry } from 'prom-client';
import { loadProfiles } from './audiences/load-profiles';
import { MemoryProfileStore } from './audiences/memory-profile-store';
import type { ProfileStore } from './audiences/profile-store';
import { BidCounts } from './bid/bid-counts';
import { bidRoutes } from './bid/bid-route';
import { PacingBook } from './bid/pacing-book';
import { BID_REQUEST_MAX_BYTES } from './bid/read-body';
import { RequestSampler } from './bid/request-sampler';
import { isBidRequest } from './bid/serve-bid';
import { BidTokens } from './bid-token';
import type { BudgetStore } from './budget/budget-store';
import type { BidderConfig } from './config';
import { LiveIndex } from './index/live-index';
import { BidderMetrics } from './metrics/bidder-metrics';
import { ModelBook } from './models/model-book';
import { createProductCatalogue } from './products/create-catalogue';
import type { ProductCatalogue } from './products/product-catalogue';
import { RecentlyViewed } from './products/viewed-products';
import { WinCurveBook } from './shading/win-curve-book';
import { registerTrackers } from './trackers/register-trackers';

/** The paths the bidder answers: a server shared with the panel's API hands these to it. */
export const bidderPathPrefixes = ['/openrtb2/', '/rtb/', '/tag.js'] as const;

export interface BidderOptions {
  deps: DeliveryDeps;
  database: Pick<DatabaseHandle, 'listen'>;
  store: BudgetStore;
  /** The visitors' profiles (`createProfileStore`; the caller closes it); this process's memory when not given. */
  profiles?: ProfileStore;
  config: BidderConfig;
  logger: FastifyBaseLogger;
  /**
   * The process's readiness: the bidder adds its parts (campaign index, commit queue, Redis) and
   * stops bidding once it drains. A readiness of its own when not given.
   */
  readiness?: Readiness;
  /** Its metrics, on the process's registry; on a registry of their own when not given. */
  metrics?: BidderMetrics;
  /**
   * When the bidder serves alone (`npm run bidder`): it answers `/healthz`, `/readyz` and
   * `/metrics` itself, from this registry (the one `metrics` is on).
   */
  operations?: { registry: Registry; metricsToken?: string };
  now?: () => Date;
  random?: () => number;
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Bidder {
  app: FastifyInstance;
  /**
   * What a server shared with the panel's API hands the bidder's paths to: bid requests straight
   * to the bid endpoint, the rest to `app`'s routing.
   */
  handler: NodeHandler;
  live: LiveIndex<CampaignIndex>;
  /** Where the tag's events endpoint records visitors (`applyTagEvents`). */
  profiles: ProfileStore;
  /** The feeds' products dynamic banners show, loaded in the background. */
  catalogue: ProductCatalogue;
  /** The prediction models bids are scored with, refreshed every minute. */
  modelBook: ModelBook;
  /** The win curves first-price bids are shaded on, refreshed every minute. */
  winCurves: WinCurveBook;
  readiness: Readiness;
  metrics: BidderMetrics;
  /** The bids counted for the reports (flushed every 5 s and at close). */
  bidCounts: BidCounts;
  /** The requests kept for the campaign forecast (flushed every 5 s and at close). */
  sampler: RequestSampler;
  /** Resolves once the events this bidder acknowledged are folded into the records. */
  folded(): Promise<void>;
  close(): Promise<void>;
}

/** The full reload runs every 60 s: an index older than three of them is not current. */
const STALE_INDEX_MS = 180_000;

/**
 * The bidder (DESIGN.md section 6): the bid endpoint, the trackers and the shop's tag script on
 * one Fastify instance of their own, apart from the panel's API (its sessions, CSP and
 * maintenance hooks do not apply to exchanges or shops). `npm start` routes `/openrtb2/`, `/rtb/`
 * and `/tag.js` of the panel's port to it; `npm run bidder` serves it alone.
 */
export async function buildBidder(options: BidderOptions): Promise<Bidder> {
  const { deps, store, config } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  // Set once the bid endpoint is built, before the server listens.
  let serveBid: NodeHandler | null = null;
  const bidsFirst =
    (rest: NodeHandler): NodeHandler =>
    (req, res) =>
      (serveBid !== null && isBidRequest(req) ? serveBid : rest)(req, res);
  const app = Fastify({
    loggerInstance: options.logger,
    // One line per bid at thousands a second is noise; failures are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BID_REQUEST_MAX_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // Draining answers bids 204 (never 503) and still takes the notices of open connections.
    return503OnClosing: false,
    // Bid requests skip Fastify's routing and hooks (`bid/serve-bid.ts`).
    serverFactory: (handler) => boundedServer(bidsFirst(handler)),
  });
  const readiness = options.readiness ?? new Readiness();
  const metrics = options.metrics ?? new BidderMetrics(new Registry());
  closeConnectionsWhileDraining(app, readiness);
  const profiles = options.profiles ?? new MemoryProfileStore();
  const catalogue = createProductCatalogue(deps, config.catalogueMaxProducts, options.logger);
  // Before the first bid: a visitor missing from a campaign's excluded audience would be bid on.
  const viewed = new RecentlyViewed(config.catalogueMaxProducts);
  const rebuilt = await loadProfiles({
    deps,
    store: profiles,
    now: now(),
    force: config.rebuildProfiles,
    onEvents: (events) => viewed.add(events),
  });
  if (rebuilt !== null) options.logger.info({ events: rebuilt }, 'visitor profiles rebuilt from tag events');
  // The products the profiles show, loaded while the bidder starts taking requests.
  viewed.prefetchInto(catalogue);
  const live = await LiveIndex.start<CampaignIndex>({
    deps,
    database: options.database,
    store,
    buildIndex: buildCampaignIndex,
    log: options.logger.child({ component: 'live-index' }),
    now,
    watcher: metrics.liveIndex,
  });
  // A shared store that came back may have restarted empty: no limit counts until reloaded.
  store.onCountersLost(() => {
    options.logger.warn(
      'budget store reconnected: every budget counter is worked out again before the next bid',
    );
    live.forgetCounters();
  });
  const modelBook = new ModelBook({
    load: (kind, after) => newerPublishedModel(deps.db, kind, after),
    onError: (err) => {
      metrics.databaseErrors.inc({ part: 'models' });
      options.logger.error({ err }, 'prediction models not read');
    },
    onVersion: (kind, version) => {
      metrics.modelVersion.set({ kind }, version);
      options.logger.info({ kind, version }, 'prediction model in use');
    },
  });
  for (const kind of ['click', 'conversion'] as const) metrics.modelVersion.set({ kind }, 0);
  await modelBook.start();
  const winCurves = new WinCurveBook({
    load: (since) => winCurvesUpdatedAfter(deps.db, since),
    onError: (err) => {
      metrics.databaseErrors.inc({ part: 'models' });
      options.logger.error({ err }, 'win curves not read');
    },
  });
  await winCurves.start();
  const pacing = new PacingBook(store, live, (err) => options.logger.error({ err }, 'pacing refresh failed'));
  const tokens = new BidTokens(config.signingKey);
  const trackers = await registerTrackers(app, {
    deps,
    tokens,
    store,
    profiles,
    catalogue,
    config,
    log: options.logger,
    now,
    metrics,
    countersStale: (advertiserId) => live.reloadAdvertiser(advertiserId),
  });
  const bidCounts = new BidCounts(deps, metrics);
  const sampler = new RequestSampler(deps, metrics, {
    every: config.forecastSampleEvery,
    key: config.signingKey,
  });
  serveBid = await bidRoutes(app, {
    draining: () => readiness.draining,
    recording: trackers.recording,
    recordLiftEvent: (event) =>
      void trackers.append(event).catch((err) => {
        metrics.databaseErrors.inc({ part: 'commit' });
        options.logger.error({ err }, 'a lift test event not recorded');
      }),
    metrics,
    bidCounts,
    sampler,
    live,
    store,
    profiles,
    catalogue,
    pacing,
    modelBook,
    winCurves,
    tokens,
    config,
    log: options.logger,
    now,
    random,
  });
  readiness.add('campaign index', () =>
    live.loadedAgoMs() > STALE_INDEX_MS ? 'The campaigns have not been reloaded for over 3 minutes.' : null,
  );
  readiness.add('commit queue', () => {
    if (!trackers.recording()) return 'Tracked events cannot be committed.';
    return trackers.depth() >= config.commitQueueLimit * 0.8 ? 'Too many events wait to be committed.' : null;
  });
  if (config.natsUrl) readiness.add('event log', () => trackers.logProblem());
  readiness.add('budget store', () =>
    store.reachable() ? null : 'The budget store (Redis) does not answer.',
  );
  if (options.operations) registerOperationsRoutes(app, { readiness, ...options.operations });
  await app.ready();
  return {
    app,
    handler: bidsFirst((req, res) => app.routing(req, res)),
    live,
    profiles,
    catalogue,
    modelBook,
    winCurves,
    readiness,
    metrics,
    bidCounts,
    sampler,
    folded: () => trackers.folded(),
    async close() {
      await app.close();
      await trackers.close();
      await bidCounts.close();
      await sampler.close();
      await live.close();
      modelBook.close();
      winCurves.close();
      catalogue.close();
      if (!options.profiles) await profiles.close();
    },
  };
}

import type { AuctionType } from './auction';
import { type ExchangeContext, runOpportunity } from './exchange';
import { type TrafficHealth, TrafficHealthTracker } from './health';
import { createRandom } from './random';
import { createRequestGenerator, type Opportunity } from './request-generator';
import { type ShopVisitsOptions, visitShop } from './shop-visits';
import { StatsCollector, type TrafficStats } from './stats';

export interface TrafficOptions {
  /** The platform's base URL: bids go to /openrtb2/bid, conversions to /rtb/conversion. */
  url: string;
  /** Bid requests per second. */
  rate: number;
  /** Stops by itself after this long; runs until `stop()` without it. */
  durationSeconds?: number;
  seed?: number;
  auction?: AuctionType;
  /** Clicks per rendered impression. */
  ctr?: number;
  /** Conversions per click. */
  cvr?: number;
  /** The median order's value in PLN (180 by default). */
  orderMedianPln?: number;
  /**
   * How long a shopper takes from the click to the order (15 s by default: the platform holds an
   * order sooner than 10 s after its click as a bot's). A run that stops meanwhile ends the wait:
   * that shopper leaves without ordering.
   */
  checkoutMs?: number;
  /** Waits this long for an answer instead of each request's `tmax` (a loaded test machine). */
  bidTimeoutMs?: number;
  /** Opportunities in progress at most; beyond it requests are skipped (and counted). */
  concurrency?: number;
  /**
   * The demo shop: its shoppers (a bounded pool of frequent web visitors) browse it through its
   * tag before some of their bid requests, so retargeting has someone to find.
   */
  shop?: Omit<ShopVisitsOptions, 'eventsUrl'>;
  /** Called about every second with the counters. */
  onStats?: (stats: TrafficStats) => void;
  /**
   * Where failures are told: a call to the platform that failed, at once on the first failure of
   * its kind and again when its reason changes; anything unexpected, once per message.
   */
  log?: (message: string) => void;
}

export interface Traffic {
  /** Stops sending, waits for what is in progress, returns the final counters. */
  stop(): Promise<TrafficStats>;
  stats(): TrafficStats;
  /** Whether the calls reach the platform, and why not. */
  health(): TrafficHealth;
  /** Settles when the run ends (its duration passed, or `stop()`). */
  finished: Promise<TrafficStats>;
}

/** How often the scheduler wakes up at most: the due requests since the last tick go out together. */
const MIN_TICK_MS = 10;
const DEFAULT_CHECKOUT_MS = 15_000;
/** Chance that a shopper's bid request comes after another visit to the shop. */
const SHOP_REVISIT_RATE = 0.01;

/**
 * Plays an ad exchange against the platform at a steady rate: a timer sends the requests due
 * since the start (rate x elapsed time), so slow answers do not slow the rate and a late tick
 * catches up; at most `concurrency` opportunities run at once.
 */
export function startTraffic(options: TrafficOptions): Traffic {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const generator = createRequestGenerator({
    seed,
    auction: options.auction ?? 'second',
    runId: Date.now().toString(36),
    securePages: options.url.startsWith('https:'),
    shoppers: options.shop !== undefined,
  });
  const shop = options.shop
    ? { ...options.shop, eventsUrl: new URL('/rtb/events', options.url).toString() }
    : null;
  const shopRandom = createRandom(seed ^ 0x2545f491);
  const stats = new StatsCollector();
  const said = new Set<string>();
  const stopping = new AbortController();
  const health = new TrafficHealthTracker((message) => options.log?.(message));
  const context: ExchangeContext = {
    bidUrl: new URL('/openrtb2/bid', options.url).toString(),
    conversionUrl: new URL('/rtb/conversion', options.url).toString(),
    auction: options.auction ?? 'second',
    ctr: options.ctr ?? 0.01,
    cvr: options.cvr ?? 0.05,
    orderMedianPln: options.orderMedianPln ?? 180,
    checkoutMs: options.checkoutMs ?? DEFAULT_CHECKOUT_MS,
    stopping: stopping.signal,
    bidTimeoutMs: options.bidTimeoutMs,
    random: createRandom(seed ^ 0x5bd1e995),
    stats,
    health,
    log: (message) => {
      if (said.has(message)) return;
      said.add(message);
      options.log?.(message);
    },
  };
  const concurrency = options.concurrency ?? Math.max(64, Math.ceil(options.rate));
  const running = new Set<Promise<void>>();
  const startedAt = performance.now();
  let started = 0;

  const tick = () => {
    const elapsedMs = performance.now() - startedAt;
    const until =
      options.durationSeconds === undefined ? elapsedMs : Math.min(elapsedMs, options.durationSeconds * 1000);
    const due = Math.floor((until * options.rate) / 1000) - started;
    for (let i = 0; i < due; i++) {
      started += 1;
      if (running.size >= concurrency) {
        stats.counts.skipped += 1;
        continue;
      }
      const opportunity = generator.next();
      const task = (shop ? shopFirst(opportunity) : Promise.resolve())
        .then(() => runOpportunity(context, opportunity))
        .finally(() => {
          running.delete(task);
          stats.counts.inFlight = running.size;
        });
      running.add(task);
    }
    stats.counts.inFlight = running.size;
    if (options.durationSeconds !== undefined && elapsedMs >= options.durationSeconds * 1000) void stop();
  };
  /** A shopper visits the shop before their first request and now and then again; then we know their id. */
  async function shopFirst({ request, user }: Opportunity): Promise<void> {
    if (!shop || !user.shopper) return;
    if (!user.cookies.has('rtb_uid') || shopRandom.chance(SHOP_REVISIT_RATE)) {
      try {
        if (await visitShop(shop, user, shopRandom)) stats.counts.shopVisits += 1;
        else stats.error('shop_visit_refused');
      } catch {
        stats.error('shop_visit_failed');
      }
    }
    const uid = user.cookies.get('rtb_uid');
    if (uid && user.syncs) request.user.buyeruid = uid;
  }
  const timer = setInterval(tick, Math.max(MIN_TICK_MS, Math.min(1000, 1000 / options.rate)));
  const reporter = options.onStats ? setInterval(() => options.onStats?.(stats.snapshot()), 1000) : null;

  let resolveFinished: (final: TrafficStats) => void = () => {};
  const finished = new Promise<TrafficStats>((resolve) => {
    resolveFinished = resolve;
  });
  let finishing: Promise<TrafficStats> | null = null;
  function stop(): Promise<TrafficStats> {
    if (!finishing) {
      clearInterval(timer);
      if (reporter) clearInterval(reporter);
      stopping.abort();
      finishing = Promise.allSettled([...running]).then(() => {
        const final = stats.snapshot();
        resolveFinished(final);
        return final;
      });
    }
    return finishing;
  }

  return {
    stop,
    stats: () => stats.snapshot(),
    health: () => health.health({ rate: options.rate, sent: stats.counts.requests, bids: stats.counts.bids }),
    finished,
  };
}

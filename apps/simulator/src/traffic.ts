import type { AuctionType } from './auction';
import type { DemoProduct } from './demo-shop';
import { type ExchangeContext, runOpportunity } from './exchange';
import { flatMarket } from './flat-market';
import { type TrafficHealth, TrafficHealthTracker } from './health';
import type { Market } from './market';
import { createOutcomeWorld, type OutcomeBehaviour, type OutcomeSummary } from './outcome';
import { createRandom, type Random } from './random';
import { createRequestGenerator, type Opportunity } from './request-generator';
import { drawViewedProducts, type ShopVisitsOptions, visitShop } from './shop-visits';
import { StatsCollector, type TrafficStats } from './stats';

export interface TrafficOptions {
  /** The platform's base URL: bids go to /openrtb2/bid, conversions to /rtb/conversion. */
  url: string;
  /** Bid requests per second. */
  rate: number;
  /** Stops by itself after this long; runs until `stop()` without it. */
  durationSeconds?: number;
  seed?: number;
  /** Every auction's type (second price by default; in the outcome world each exchange's own). */
  auction?: AuctionType;
  /** Clicks per rendered impression (flat rates, without `outcome`). */
  ctr?: number;
  /** Conversions per click (flat rates). */
  cvr?: number;
  /** The median order's value in PLN (flat rates; 180 by default). */
  orderMedianPln?: number;
  /**
   * Plays the outcome world instead of flat rates: a hidden true model of clicks and orders, rival
   * bids per segment, exchanges of both auction types, visitors' shop visits (sent through the
   * shop's tag with `shop`). Its base rates and visit rate are these, else the world's defaults.
   */
  outcome?: OutcomeBehaviour;
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
  /**
   * Each advertiser's currency (ISO 4217) by advertiser id: its shop's conversion tag reports
   * orders in it. An advertiser not listed reports the PLN amount without a currency.
   */
  shopCurrencies?: Readonly<Record<number, string>>;
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
  /** In the outcome world, per campaign what happened beside what its true model expected; else null. */
  outcomes(): OutcomeSummary | null;
  /** Settles when the run ends (its duration passed, or `stop()`). */
  finished: Promise<TrafficStats>;
}

/** How often the scheduler wakes up at most: the due requests since the last tick go out together. */
const MIN_TICK_MS = 10;
const DEFAULT_CHECKOUT_MS = 15_000;
/** Chance that a shopper's bid request comes after another visit to the shop. */
const SHOP_REVISIT_RATE = 0.01;

/** Where a run's opportunities come from and who answers the exchange's questions about them. */
interface TrafficSource<O extends Opportunity> {
  next(): O;
  market: Market<O>;
  /** The products the visitor views at the shop before this request (with `shop`); null: no visit. */
  shopVisit(opportunity: O): readonly DemoProduct[] | null;
  outcomes(): OutcomeSummary | null;
}

/**
 * Plays an ad exchange against the platform at a steady rate: a timer sends the requests due
 * since the start (rate x elapsed time), so slow answers do not slow the rate and a late tick
 * catches up; at most `concurrency` opportunities run at once.
 */
export function startTraffic(options: TrafficOptions): Traffic {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const runId = Date.now().toString(36);
  const securePages = options.url.startsWith('https:');
  const streams = { random: createRandom(seed ^ 0x5bd1e995), shopRandom: createRandom(seed ^ 0x2545f491) };
  if (options.outcome) {
    const world = createOutcomeWorld(seed, {
      ...options.outcome,
      auction: options.auction,
      runId,
      securePages,
      now: Date.now,
    });
    return runTraffic(options, streams, {
      next: world.next,
      market: world,
      shopVisit: (opportunity) => (opportunity.views.length ? opportunity.views : null),
      outcomes: world.outcomes,
    });
  }
  const generator = createRequestGenerator({
    seed,
    auction: options.auction ?? 'second',
    runId,
    securePages,
    shoppers: options.shop !== undefined,
  });
  const { random, shopRandom } = streams;
  return runTraffic(options, streams, {
    next: generator.next,
    market: flatMarket(random, {
      auction: options.auction ?? 'second',
      ctr: options.ctr ?? 0.01,
      cvr: options.cvr ?? 0.05,
      orderMedianPln: options.orderMedianPln ?? 180,
    }),
    // A shopper visits the shop before their first request and now and then again; then we know their id.
    shopVisit: ({ user }) =>
      user.shopper && (!user.cookies.has('rtb_uid') || shopRandom.chance(SHOP_REVISIT_RATE))
        ? drawViewedProducts(shopRandom)
        : null,
    outcomes: () => null,
  });
}

function runTraffic<O extends Opportunity>(
  options: TrafficOptions,
  /** For what happens after the auction (renders, order ids), and for the shop visits' events. */
  { random, shopRandom }: { random: Random; shopRandom: Random },
  source: TrafficSource<O>,
): Traffic {
  const shop = options.shop
    ? { ...options.shop, eventsUrl: new URL('/rtb/events', options.url).toString() }
    : null;
  const stats = new StatsCollector();
  const said = new Set<string>();
  const stopping = new AbortController();
  const health = new TrafficHealthTracker((message) => options.log?.(message));
  const context: ExchangeContext<O> = {
    bidUrl: new URL('/openrtb2/bid', options.url).toString(),
    conversionUrl: new URL('/rtb/conversion', options.url).toString(),
    ...(options.shopCurrencies ? { shopCurrencies: options.shopCurrencies } : {}),
    market: source.market,
    checkoutMs: options.checkoutMs ?? DEFAULT_CHECKOUT_MS,
    stopping: stopping.signal,
    bidTimeoutMs: options.bidTimeoutMs,
    random,
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
      const opportunity = source.next();
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
  /** The visitor browses the shop (its tag tells us) before the request; then the exchange sends our id. */
  async function shopFirst(opportunity: O): Promise<void> {
    if (!shop) return;
    const viewed = source.shopVisit(opportunity);
    if (!viewed) return;
    const { request, user } = opportunity;
    try {
      if (await visitShop(shop, user, shopRandom, viewed)) stats.counts.shopVisits += 1;
      else stats.error('shop_visit_refused');
    } catch {
      stats.error('shop_visit_failed');
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
    outcomes: source.outcomes,
    finished,
  };
}

import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { LiveIndexWatcher } from '../index/live-index';
import type { CommitQueueWatcher } from '../trackers/commit-queue';
import type { EventFolderWatcher } from '../trackers/event-folder';
import type { JetStreamLogWatcher } from '../trackers/jetstream/jetstream-event-log';

/** What a committed event came to: counted, recorded before (a retry: nothing counted), or recorded as invalid. */
export type TrackedResult = 'recorded' | 'duplicate' | 'invalid';

/**
 * The bidder's Prometheus metrics (docs/operations.md, 'Metrics' lists each with an alert), on the
 * process's registry. Names start with `rtb_`; money is micro-units of the advertiser's currency.
 */
export class BidderMetrics {
  readonly bidRequests: Counter<'outcome' | 'reason'>;
  readonly bidSeconds: Histogram;
  readonly bids: Counter<'currency'>;
  readonly wins: Counter;
  readonly losses: Counter;
  readonly spend: Counter<'currency'>;
  readonly tracked: Counter<'type' | 'result'>;
  readonly trackerRequests: Counter<'route' | 'status'>;
  readonly #commitUnavailable: Counter<'queue' | 'why'>;
  readonly bidCountsDropped: Counter;
  readonly forecastSamplesDropped: Counter;
  readonly redisErrors: Counter;
  readonly databaseErrors: Counter<'part'>;
  /** The version of each prediction model bids are scored with (0: none yet). */
  readonly modelVersion: Gauge<'kind'>;
  readonly #queueDepth: Gauge<'queue'>;
  readonly #commitSeconds: Histogram<'queue'>;
  readonly #foldSeconds: Histogram;
  readonly #folded: Counter;
  readonly #foldEffects: Counter<'outcome'>;
  readonly #indexCampaigns: Gauge;
  readonly #indexReloads: Counter<'scope'>;
  readonly #budgetDrift: Counter<'currency' | 'direction'>;
  readonly #countersLost: Counter;
  readonly #queues = new Map<string, () => number>();
  readonly #publishSeconds: Histogram;
  readonly #publishFailures: Counter;
  readonly #deferred: Counter;
  readonly #parked: Counter;
  readonly #natsErrors: Counter;
  #logWaiting: (() => Promise<number>) | null = null;
  #indexLoadedAt = 0;

  constructor(registry: Registry) {
    const registers = [registry];
    this.bidRequests = new Counter({
      name: 'rtb_bid_requests_total',
      help: 'Bid requests by outcome (bid, no_bid, invalid) and reason (the x-rtb-reason header).',
      labelNames: ['outcome', 'reason'],
      registers,
    });
    this.bidSeconds = new Histogram({
      name: 'rtb_bid_duration_seconds',
      help: 'Time from a bid request read to its answer.',
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25],
      registers,
    });
    this.bids = new Counter({
      name: 'rtb_bids_total',
      help: 'Bids sent (test requests left out, as in the reports), by bid currency.',
      labelNames: ['currency'],
      registers,
    });
    this.wins = new Counter({
      name: 'rtb_wins_total',
      help: 'Win notices recorded (valid, first of their bid).',
      registers,
    });
    this.losses = new Counter({
      name: 'rtb_losses_total',
      help: 'Loss notices recorded that freed their reservation.',
      registers,
    });
    this.spend = new Counter({
      name: 'rtb_spend_micros_total',
      help: "Gross spend of billed impressions, micro-units of the advertiser's currency.",
      labelNames: ['currency'],
      registers,
    });
    this.tracked = new Counter({
      name: 'rtb_tracked_events_total',
      help: 'Committed tracked events by type (win, impression, loss, render, click, conversion, tag) and result (recorded, duplicate, invalid).',
      labelNames: ['type', 'result'],
      registers,
    });
    this.trackerRequests = new Counter({
      name: 'rtb_tracker_requests_total',
      help: 'Requests of the trackers by route and HTTP status (400: refused, 503: not committed).',
      labelNames: ['route', 'status'],
      registers,
    });
    this.#commitUnavailable = new Counter({
      name: 'rtb_commit_unavailable_total',
      help: 'Events answered 503: not committed in time (timeout) or refused by a full queue (queue_full).',
      labelNames: ['queue', 'why'],
      registers,
    });
    this.bidCountsDropped = new Counter({
      name: 'rtb_bid_counts_dropped_total',
      help: 'Bids left out of the reports: too many rollup rows waited for a flush the database refused.',
      registers,
    });
    this.forecastSamplesDropped = new Counter({
      name: 'rtb_forecast_samples_dropped_total',
      help: 'Sampled bid requests left out of the forecast sample: too many waited for a flush.',
      registers,
    });
    this.redisErrors = new Counter({
      name: 'rtb_redis_errors_total',
      help: 'Errors of the Redis connections (budgets, profiles) and failed counter updates.',
      registers,
    });
    this.databaseErrors = new Counter({
      name: 'rtb_database_errors_total',
      help: 'Failed database work by part: commit (a batch of events), fold (of the event log), index (a reload), bids (the bid counts), samples (the forecast sample), models (a read of the prediction models or the win curves).',
      labelNames: ['part'],
      registers,
    });
    const queues = this.#queues;
    this.#queueDepth = new Gauge({
      name: 'rtb_commit_queue_depth',
      help: 'Events waiting for their commit, the batch in flight included.',
      labelNames: ['queue'],
      registers,
      collect() {
        for (const [queue, depth] of queues) this.set({ queue }, depth());
      },
    });
    this.#commitSeconds = new Histogram({
      name: 'rtb_commit_duration_seconds',
      help: 'Time to commit one batch of events, retries included.',
      labelNames: ['queue'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.#foldSeconds = new Histogram({
      name: 'rtb_event_fold_duration_seconds',
      help: 'Time to fold one batch of the event log into the records (events, rollups, ledger).',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#folded = new Counter({
      name: 'rtb_events_folded_total',
      help: 'Events of the event log folded into the records by this process.',
      registers,
    });
    const logWaiting = () => this.#logWaiting;
    new Gauge({
      name: 'rtb_event_log_waiting',
      help: 'Events in the event log waiting to be folded (parked ones left out); the same log for every process.',
      registers,
      // Every worker reads the same log: the cluster's metrics show it once.
      aggregator: 'max',
      async collect() {
        const read = logWaiting();
        if (read) this.set(await read().catch(() => Number.NaN));
      },
    });
    this.#publishSeconds = new Histogram({
      name: 'rtb_nats_publish_duration_seconds',
      help: 'Time from publishing an event to the event stream to its ack (NATS_URL).',
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.#publishFailures = new Counter({
      name: 'rtb_nats_publish_failures_total',
      help: 'Events whose publish to the event stream failed or was not acked in time (retried until RTB_COMMIT_TIMEOUT_MS, then 503).',
      registers,
    });
    this.modelVersion = new Gauge({
      name: 'rtb_model_version',
      help: 'The published version of each prediction model (click, conversion) bids are scored with; 0 before the first. A cluster shows its oldest.',
      labelNames: ['kind'],
      aggregator: 'min',
      registers,
    });
    this.#natsErrors = new Counter({
      name: 'rtb_nats_errors_total',
      help: 'Errors of the connection to NATS (it reconnects by itself).',
      registers,
    });
    this.#deferred = new Counter({
      name: 'rtb_events_deferred_total',
      help: 'Events a fold put back for a moment: an event of their bid they are judged against was being folded elsewhere.',
      registers,
    });
    this.#parked = new Counter({
      name: 'rtb_events_parked_total',
      help: 'Events moved to the parked stream after their fold failed alone three times (replay them: docs/operations.md).',
      registers,
    });
    this.#foldEffects = new Counter({
      name: 'rtb_fold_effects_total',
      help: "Folds' effects on one advertiser's budget counters: applied (after the fold, or on a retry), failed (the store refused: retried every second, recovered by another process past the grace if this one dies), recovered (another process's, past the grace).",
      labelNames: ['outcome'],
      registers,
    });
    const loadedAt = () => this.#indexLoadedAt;
    new Gauge({
      name: 'rtb_index_age_seconds',
      help: 'Seconds since the campaign index was last reloaded in full (every 60 s when healthy).',
      registers,
      collect() {
        const at = loadedAt();
        this.set(at ? (Date.now() - at) / 1000 : Number.NaN);
      },
    });
    this.#indexCampaigns = new Gauge({
      name: 'rtb_index_campaigns',
      help: 'Campaigns the index holds.',
      registers,
    });
    this.#indexReloads = new Counter({
      name: 'rtb_index_reloads_total',
      help: 'Reloads of the campaign index: all, or some advertisers.',
      labelNames: ['scope'],
      registers,
    });
    this.#budgetDrift = new Counter({
      name: 'rtb_budget_drift_micros_total',
      help: 'Spend the budget counters and the database disagreed on at a full reload, by currency and direction (uncounted: the database had more).',
      labelNames: ['currency', 'direction'],
      registers,
    });
    this.#countersLost = new Counter({
      name: 'rtb_budget_counters_lost_total',
      help: 'Budget counters found made anew (the shared store lost them).',
      registers,
    });
  }

  /** Reports a commit queue's depth and watches its commits. */
  commitQueue(queue: string, depth: () => number): CommitQueueWatcher {
    this.#queues.set(queue, depth);
    this.#queueDepth.set({ queue }, 0);
    return {
      committed: (_events, seconds) => this.#commitSeconds.observe({ queue }, seconds),
      failed: () => this.databaseErrors.inc({ part: 'commit' }),
      unavailable: (events, why) => this.#commitUnavailable.inc({ queue, why }, events),
    };
  }

  /** Watches the event log's folds. */
  readonly eventFolder: EventFolderWatcher = {
    folded: (events, seconds) => {
      this.#folded.inc(events);
      this.#foldSeconds.observe(seconds);
    },
    failed: () => this.databaseErrors.inc({ part: 'fold' }),
    effects: (outcome, count) => this.#foldEffects.inc({ outcome }, count),
  };

  /** Reports the event log's waiting events (read at each scrape). */
  eventLog(waiting: () => Promise<number>): void {
    this.#logWaiting = waiting;
  }

  /** Watches the event stream on NATS (appends, deferred and parked events, the connection). */
  readonly eventStream: Omit<JetStreamLogWatcher, 'parked' | 'connectionError'> & {
    parked(): void;
    connectionError(): void;
  } = {
    published: (seconds) => this.#publishSeconds.observe(seconds),
    publishFailed: () => this.#publishFailures.inc(),
    deferred: (events) => this.#deferred.inc(events),
    parked: () => this.#parked.inc(),
    connectionError: () => this.#natsErrors.inc(),
  };

  /** Watches the live index: its reloads, their failures, the budget drift and lost counters. */
  readonly liveIndex: LiveIndexWatcher = {
    reloaded: ({ all, campaigns }) => {
      this.#indexReloads.inc({ scope: all ? 'all' : 'advertisers' });
      this.#indexCampaigns.set(campaigns);
      if (all) this.#indexLoadedAt = Date.now();
    },
    reloadFailed: () => this.databaseErrors.inc({ part: 'index' }),
    drift: (currency, micros) => {
      if (micros !== 0)
        this.#budgetDrift.inc(
          { currency, direction: micros > 0 ? 'uncounted' : 'overcounted' },
          Math.abs(micros),
        );
    },
    countersLost: (count) => this.#countersLost.inc(count),
  };
}

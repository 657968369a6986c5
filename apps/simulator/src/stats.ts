/** What a traffic run has done so far. */
export interface TrafficStats {
  elapsedSeconds: number;
  /** Bid requests sent, and sent in the last second. */
  requests: number;
  requestsPerSecond: number;
  /** Answered with a bid, or with 204. */
  bids: number;
  noBids: number;
  /** bids / requests answered. */
  bidRate: number;
  wins: number;
  losses: number;
  /** Rendered impressions (our pixel answered). */
  impressions: number;
  clicks: number;
  conversions: number;
  /** Visits of the demo shop's shoppers. */
  shopVisits: number;
  /** What the exchange charged for rendered impressions, per currency (clearing CPM / 1000). */
  spend: Record<string, number>;
  /** Count per kind of failure: timeouts, bad answers, trackers that did not answer as expected. */
  errors: Record<string, number>;
  /** The bidder's reasons for 204s (header `x-rtb-reason`). */
  noBidReasons: Record<string, number>;
  /** Bid request round trips, in milliseconds. */
  latencyMs: { p50: number; p99: number };
  /** Requests not sent because too many were still running. */
  skipped: number;
  inFlight: number;
}

const BUCKETS_PER_MS = 10;
const MAX_MS = 2000;

/** Counters of a run; spend is kept in micro-units so that sums stay exact. */
export class StatsCollector {
  private readonly startedAt = performance.now();
  private readonly latencies = new Uint32Array(MAX_MS * BUCKETS_PER_MS + 1);
  private latencyCount = 0;
  private readonly spendMicros = new Map<string, number>();
  private readonly recentRequests: number[] = [];
  readonly counts = {
    requests: 0,
    bids: 0,
    noBids: 0,
    wins: 0,
    losses: 0,
    impressions: 0,
    clicks: 0,
    conversions: 0,
    /** Visits of the demo shop's shoppers (tag batches taken). */
    shopVisits: 0,
    skipped: 0,
    inFlight: 0,
  };
  private readonly errors = new Map<string, number>();
  private readonly noBidReasons = new Map<string, number>();

  requestSent(): void {
    this.counts.requests += 1;
    this.recentRequests.push(performance.now());
  }

  latency(ms: number): void {
    const bucket = Math.min(Math.round(ms * BUCKETS_PER_MS), this.latencies.length - 1);
    this.latencies[bucket] = (this.latencies[bucket] ?? 0) + 1;
    this.latencyCount += 1;
  }

  noBid(reason: string): void {
    this.counts.noBids += 1;
    increment(this.noBidReasons, reason);
  }

  error(kind: string): void {
    increment(this.errors, kind);
  }

  spent(currency: string, micros: number): void {
    this.spendMicros.set(currency, (this.spendMicros.get(currency) ?? 0) + micros);
  }

  snapshot(): TrafficStats {
    const now = performance.now();
    while ((this.recentRequests[0] ?? now) < now - 1000) this.recentRequests.shift();
    const answered = this.counts.bids + this.counts.noBids;
    return {
      elapsedSeconds: (now - this.startedAt) / 1000,
      requests: this.counts.requests,
      requestsPerSecond: this.recentRequests.length,
      bids: this.counts.bids,
      noBids: this.counts.noBids,
      bidRate: answered ? this.counts.bids / answered : 0,
      wins: this.counts.wins,
      losses: this.counts.losses,
      impressions: this.counts.impressions,
      clicks: this.counts.clicks,
      conversions: this.counts.conversions,
      shopVisits: this.counts.shopVisits,
      spend: Object.fromEntries([...this.spendMicros].map(([currency, micros]) => [currency, micros / 1e6])),
      errors: Object.fromEntries(this.errors),
      noBidReasons: Object.fromEntries(this.noBidReasons),
      latencyMs: { p50: this.percentile(0.5), p99: this.percentile(0.99) },
      skipped: this.counts.skipped,
      inFlight: this.counts.inFlight,
    };
  }

  private percentile(fraction: number): number {
    if (this.latencyCount === 0) return 0;
    const rank = Math.ceil(this.latencyCount * fraction);
    let seen = 0;
    for (let bucket = 0; bucket < this.latencies.length; bucket++) {
      seen += this.latencies[bucket] ?? 0;
      if (seen >= rank) return bucket / BUCKETS_PER_MS;
    }
    return MAX_MS;
  }
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

import { inTransaction } from '@rtb/db';
import type { DeliveryDeps } from '@rtb/delivery';
import { type BidCount, recordBidCounts } from '@rtb/delivery';
import type { BidRequestFacts } from '@rtb/rtb';
import type { BidderMetrics } from '../metrics/bidder-metrics';
import type { ChosenBid } from './decide';

/** How often the counts are added to the rollups. */
const FLUSH_EVERY_MS = 5_000;
/** Rows held at most (hour x campaign x creative x country x device x domain): beyond, new ones wait for a flush. */
const MAX_ROWS = 100_000;

const HOUR_MS = 3_600_000;

/**
 * The bids this process made, counted in memory per rollup row and added to the hourly rollups
 * every 5 s and at close (reports' bids and win rate; `rtb_bids_total` counts the same bids). A
 * failed flush keeps its counts for the next; a process killed loses at most the last 5 s of
 * counts: bids are no money, and reports say so (docs/operations.md).
 */
export class BidCounts {
  readonly #deps: DeliveryDeps;
  readonly #metrics: BidderMetrics;
  #rows = new Map<string, BidCount>();
  #flushing: Promise<void> | null = null;
  readonly #timer: NodeJS.Timeout;

  constructor(deps: DeliveryDeps, metrics: BidderMetrics) {
    this.#deps = deps;
    this.#metrics = metrics;
    this.#timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.#timer.unref();
  }

  /** Counts the bids of one response (a test request's are not counted, as they are not reported). */
  add(request: BidRequestFacts, bids: readonly ChosenBid[], now: Date): void {
    if (request.test) return;
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const { country, type: deviceType } = request.device;
    // The name reports split by (an app's name beside a numeric App Store id), as the events' tokens carry it.
    const domain = request.inventory.reportName;
    for (const { candidate } of bids) {
      const { campaign, banner } = candidate;
      this.#metrics.bids.inc({ currency: candidate.currency });
      const key = `${hour.getTime()}|${campaign.id}|${banner.id}|${country}|${deviceType}|${domain}`;
      const row = this.#rows.get(key);
      if (row) row.bids += 1;
      else if (this.#rows.size < MAX_ROWS)
        this.#rows.set(key, {
          hour,
          advertiserId: campaign.advertiserId,
          campaignId: campaign.id,
          bannerId: banner.id,
          country,
          deviceType,
          domain,
          bids: 1,
        });
      else this.#metrics.bidCountsDropped.inc();
    }
  }

  /** Adds what was counted to the rollups (one flush at a time); a failure keeps it for the next. */
  flush(): Promise<void> {
    this.#flushing ??= this.#write().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #write() {
    if (!this.#rows.size) return;
    const rows = this.#rows;
    this.#rows = new Map();
    try {
      await inTransaction(this.#deps, (tx) => recordBidCounts(tx, [...rows.values()]));
    } catch {
      this.#metrics.databaseErrors.inc({ part: 'bids' });
      for (const [key, row] of rows) {
        const now = this.#rows.get(key);
        if (now) now.bids += row.bids;
        else this.#rows.set(key, row);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#flushing;
    await this.flush();
  }
}

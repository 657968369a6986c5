import type { StoredWinCurve } from '@rtb/delivery';
import { LogLogisticWinCurve, type WinRateCurve } from '@rtb/rtb';
import { PeriodicRead } from '../periodic-read';

/** How often a bidder reads the curves updated since its last read. */
export const WIN_CURVE_REFRESH_MS = 60_000;
/** Each read goes back this far before the newest update it has: a curve committed late is not missed. */
const OVERLAP_MS = 5 * 60_000;
/** How often the curves are all read again, so that those the worker deleted (quiet a week) go. */
const FULL_READ_MS = 10 * 60_000;

export interface WinCurveBookOptions {
  /** The curves updated after a time (all for null): `winCurvesUpdatedAfter`. */
  load: (since: Date | null) => Promise<StoredWinCurve[]>;
  refreshMs?: number;
  onError: (err: unknown) => void;
}

/**
 * The first-price segments' win-rate curves this bidder shades with (`winCurveSegment` ->
 * curve), fitted by the worker: all read at start and every 10 minutes, in between every minute
 * those updated since. A read that fails keeps the curves it has; a segment without one is not
 * shaded.
 */
export class WinCurveBook {
  #curves = new Map<string, WinRateCurve>();
  #fullReadAt = 0;
  readonly #options: WinCurveBookOptions;
  #newest: Date | null = null;
  readonly #reads: PeriodicRead;

  readonly #now: () => number;

  constructor(options: WinCurveBookOptions & { now?: () => number }) {
    this.#now = options.now ?? Date.now;
    this.#options = options;
    this.#reads = new PeriodicRead(() => this.#refresh(), options.refreshMs ?? WIN_CURVE_REFRESH_MS);
  }

  start(): Promise<void> {
    return this.#reads.start();
  }

  curveOf(segment: string): WinRateCurve | undefined {
    return this.#curves.get(segment);
  }

  get size(): number {
    return this.#curves.size;
  }

  refresh(): Promise<void> {
    return this.#reads.now();
  }

  async #refresh(): Promise<void> {
    const full = this.#now() - this.#fullReadAt >= FULL_READ_MS;
    const since = full || !this.#newest ? null : new Date(this.#newest.getTime() - OVERLAP_MS);
    try {
      const read = await this.#options.load(since);
      const curves = full ? new Map<string, WinRateCurve>() : this.#curves;
      for (const { segment, state, updatedAt } of read) {
        curves.set(segment, new LogLogisticWinCurve(state));
        if (!this.#newest || updatedAt > this.#newest) this.#newest = updatedAt;
      }
      this.#curves = curves;
      if (full) this.#fullReadAt = this.#now();
    } catch (err) {
      this.#options.onError(err);
    }
  }

  close(): void {
    this.#reads.close();
  }
}

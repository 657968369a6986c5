import type { StoredWinCurve } from '@rtb/delivery';
import { LogLogisticWinCurve, type WinRateCurve } from '@rtb/rtb';
import { PeriodicRead } from '../periodic-read';

/** How often a bidder reads the curves updated since its last read. */
export const WIN_CURVE_REFRESH_MS = 60_000;
/** Each read goes back this far before the newest update it has: a curve committed late is not missed. */
const OVERLAP_MS = 5 * 60_000;

export interface WinCurveBookOptions {
  /** The curves updated after a time (all for null): `winCurvesUpdatedAfter`. */
  load: (since: Date | null) => Promise<StoredWinCurve[]>;
  refreshMs?: number;
  onError: (err: unknown) => void;
}

/**
 * The first-price segments' win-rate curves this bidder shades with (`winCurveSegment` ->
 * curve), fitted by the worker: all read at start, then every minute those updated since. A read
 * that fails keeps the curves it has; a segment without one is not shaded.
 */
export class WinCurveBook {
  readonly #curves = new Map<string, WinRateCurve>();
  readonly #options: WinCurveBookOptions;
  #newest: Date | null = null;
  readonly #reads: PeriodicRead;

  constructor(options: WinCurveBookOptions) {
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
    const since = this.#newest && new Date(this.#newest.getTime() - OVERLAP_MS);
    try {
      for (const { segment, state, updatedAt } of await this.#options.load(since)) {
        this.#curves.set(segment, new LogLogisticWinCurve(state));
        if (!this.#newest || updatedAt > this.#newest) this.#newest = updatedAt;
      }
    } catch (err) {
      this.#options.onError(err);
    }
  }

  close(): void {
    this.#reads.close();
  }
}

import { fitWinCurves, type WinCurveFit } from '@rtb/delivery';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppDeps } from '../../../core/deps';
import type { PeriodicTask } from '../../../core/periodic-task';
import { LEASE_TTL_INTERVALS, startLeasedTask } from '../worker-leases';
import { WinCurveMetrics } from './win-curve-metrics';

export interface WinCurveWorkerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The process's metrics registry (`WinCurveMetrics`). */
  registry: Registry;
  /** Whether to run on a timer (tests call `runOnce` themselves). */
  timer?: boolean;
}

/** A round's fit; null when it failed or another process fits. */
export type WinCurveWorker = PeriodicTask<WinCurveFit | null>;

/**
 * Fits the first-price segments' win curves (`fitWinCurves` of `@rtb/delivery`) at start and
 * every `WIN_CURVE_INTERVAL_MS`, from the outcomes of the last `WIN_CURVE_WINDOW_HOURS` of bids;
 * the bidders read what it stores every minute. One process at a time fits, under the
 * `win-curves` lease; another takes over when it lapses. Each fit starts afresh from the events,
 * and an older fit never overwrites a newer one's curves. A failed round is logged and the
 * bidders keep the curves they have; the next round fits again.
 */
export function startWinCurveWorker(options: WinCurveWorkerOptions): WinCurveWorker {
  const { deps, log } = options;
  const settings = deps.config.winCurves;
  const metrics = new WinCurveMetrics(options.registry);
  return startLeasedTask({
    lease: 'win-curves',
    leaseTtlMs: LEASE_TTL_INTERVALS * settings.intervalMs,
    db: deps.db,
    registry: options.registry,
    round: async () => {
      const started = performance.now();
      const fit = await fitWinCurves(deps, new Date(), { windowMs: settings.windowMs });
      metrics.observe(fit, (performance.now() - started) / 1000, new Date());
      if (fit.deleted) log.info({ deleted: fit.deleted }, 'stale win curves deleted');
      return fit;
    },
    skipped: null,
    failed: null,
    failure: 'win curves not fitted',
    log,
    intervalMs: options.timer === false ? null : settings.intervalMs,
    runAtStart: options.timer !== false,
  });
}

import type { WinCurveFit } from '@rtb/delivery';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** The win curve fits' Prometheus metrics (docs/operations.md, 'Health, readiness and metrics'), on the process's registry. */
export class WinCurveMetrics {
  readonly #segments: Gauge<'trust'>;
  readonly #observed: Gauge;
  readonly #deleted: Counter;
  readonly #duration: Histogram;
  readonly #fittedAt: Gauge;

  constructor(registry: Registry) {
    const registers = [registry];
    this.#segments = new Gauge({
      name: 'rtb_win_curve_segments',
      help: 'First-price segments of the last fit: trusted (stored) or untrusted (too few outcomes, not stored).',
      labelNames: ['trust'],
      registers,
    });
    this.#observed = new Gauge({
      name: 'rtb_win_curve_outcomes_observed',
      help: 'Auction outcomes the curves stored by the last fit learned.',
      registers,
    });
    this.#deleted = new Counter({
      name: 'rtb_win_curves_deleted_total',
      help: 'Curves deleted: not fitted for 7 days.',
      registers,
    });
    this.#duration = new Histogram({
      name: 'rtb_win_curve_fit_duration_seconds',
      help: 'Time of one fit of every segment: the reads of the window, the fits and the writes.',
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    });
    this.#fittedAt = new Gauge({
      name: 'rtb_win_curve_fit_timestamp_seconds',
      help: 'When the last fit that succeeded ended (Unix time).',
      registers,
    });
  }

  observe(fit: WinCurveFit, seconds: number, at: Date): void {
    this.#segments.set({ trust: 'trusted' }, fit.fitted);
    this.#segments.set({ trust: 'untrusted' }, fit.untrusted);
    this.#observed.set(fit.observed);
    this.#deleted.inc(fit.deleted);
    this.#duration.observe(seconds);
    this.#fittedAt.set(at.getTime() / 1000);
  }
}

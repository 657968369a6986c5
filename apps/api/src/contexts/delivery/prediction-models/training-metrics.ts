import type { TrainingCycle } from '@rtb/delivery';
import { Counter, Gauge, type Registry } from 'prom-client';

/** The model trainer's Prometheus metrics (docs/operations.md, 'Metrics'), on the process's registry. */
export class ModelTrainingMetrics {
  readonly #inUse: Gauge<'kind'>;
  readonly #learned: Counter<'kind'>;
  readonly #logLoss: Gauge<'kind'>;
  readonly #auc: Gauge<'kind'>;
  readonly #refused: Counter<'kind'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.#inUse = new Gauge({
      name: 'rtb_model_published_version',
      help: 'The newest published version of the click or conversion model (0: none), as the last cycle read it.',
      labelNames: ['kind'],
      registers,
    });
    this.#learned = new Counter({
      name: 'rtb_model_examples_learned_total',
      help: 'Examples the trainer of this process learned (a restart learns the replayed days again).',
      labelNames: ['kind'],
      registers,
    });
    this.#logLoss = new Gauge({
      name: 'rtb_model_holdout_log_loss',
      help: 'Log loss of the last version judged, on its hold-out hour.',
      labelNames: ['kind'],
      registers,
    });
    this.#auc = new Gauge({
      name: 'rtb_model_holdout_auc',
      help: 'AUC of the last version judged, on its hold-out hour (NaN without both a click and none).',
      labelNames: ['kind'],
      registers,
    });
    this.#refused = new Counter({
      name: 'rtb_model_versions_refused_total',
      help: 'Versions refused: worse than the version in use on the hold-out, badly calibrated, or without a hold-out.',
      labelNames: ['kind'],
      registers,
    });
  }

  observe(cycle: TrainingCycle): void {
    const kind = { kind: cycle.kind };
    this.#learned.inc(kind, cycle.learned);
    if (!cycle.behind) this.#inUse.set(kind, cycle.inUse ?? 0);
    const { written } = cycle;
    if (!written) return;
    this.#logLoss.set(kind, written.quality.logLoss);
    this.#auc.set(kind, written.quality.auc ?? Number.NaN);
    if (!written.published) this.#refused.inc(kind);
  }
}

import { ModelTrainer, type TrainingCycle } from '@rtb/delivery';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppDeps } from '../../../core/deps';
import { type PeriodicTask, startPeriodicTask } from '../../../core/periodic-task';
import { ModelTrainingMetrics } from './training-metrics';

export interface ModelTrainingWorkerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The process's metrics registry (`ModelTrainingMetrics`). */
  registry: Registry;
  /** Whether to run on a timer (tests call `runOnce` themselves). */
  timer?: boolean;
}

/** A round's cycles, of both kinds (several of one while it catches up). */
export type ModelTrainingWorker = PeriodicTask<TrainingCycle[]>;

/**
 * Trains the click and conversion models (`ModelTrainer` of `@rtb/delivery`) every
 * `MODEL_TRAINING_INTERVAL_MS`, from the process's start. Each kind's model lives in this
 * process's memory: its first round learns the last days again from the recorded events, in as
 * many cycles as it takes (each bounded). A cycle of one kind that fails is logged and the other
 * kind still runs; both try again next round. Versions are written under a lock per kind, so
 * several processes may run it, but each learns the same events: one is expected.
 */
export function startModelTrainingWorker(options: ModelTrainingWorkerOptions): ModelTrainingWorker {
  const { deps, log } = options;
  const settings = deps.config.modelTraining;
  const metrics = new ModelTrainingMetrics(options.registry);
  const trainers = [
    new ModelTrainer({ kind: 'click', bits: settings.bits, labelDelayMs: settings.clickLabelDelayMs }),
    new ModelTrainer({
      kind: 'conversion',
      bits: settings.bits,
      labelDelayMs: settings.conversionLabelDelayMs,
    }),
  ];

  async function cyclesOf(trainer: ModelTrainer, stopping: () => boolean): Promise<TrainingCycle[]> {
    const cycles: TrainingCycle[] = [];
    let cycle: TrainingCycle;
    do {
      cycle = await trainer.cycle(deps, new Date());
      metrics.observe(cycle);
      cycles.push(cycle);
      logCycle(cycle);
    } while (cycle.behind && !stopping());
    return cycles;
  }

  function logCycle({ kind, learned, written }: TrainingCycle) {
    if (!written) return;
    const facts = {
      kind,
      version: written.version,
      learned,
      logLoss: written.quality.logLoss,
      auc: written.quality.auc,
      currentLogLoss: written.currentQuality?.logLoss ?? null,
    };
    if (written.published) log.info(facts, 'prediction model published');
    else log.warn({ ...facts, refusedChecks: written.refusedChecks }, 'prediction model refused');
  }

  return startPeriodicTask({
    round: async (stopping) => {
      const cycles: TrainingCycle[] = [];
      for (const trainer of trainers) {
        try {
          cycles.push(...(await cyclesOf(trainer, stopping)));
        } catch (err) {
          log.error({ err, kind: trainer.kind }, 'prediction model training failed');
        }
      }
      return cycles;
    },
    failed: [],
    failure: 'prediction model training failed',
    log,
    intervalMs: options.timer === false ? null : settings.intervalMs,
    runAtStart: options.timer !== false,
  });
}

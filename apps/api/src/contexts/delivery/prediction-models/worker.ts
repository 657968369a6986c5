import { ModelTrainer, type TrainingCycle } from '@rtb/delivery';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppDeps } from '../../../core/deps';
import type { PeriodicTask } from '../../../core/periodic-task';
import { LEASE_TTL_INTERVALS, startLeasedTask } from '../worker-leases';
import { ModelTrainingMetrics } from './training-metrics';

export interface ModelTrainingWorkerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The process's metrics registry (`ModelTrainingMetrics`). */
  registry: Registry;
  /** Whether to run on a timer (tests call `runOnce` themselves). */
  timer?: boolean;
}

/** A round's cycles, of both kinds (several of one while it catches up); none when another process trains. */
export type ModelTrainingWorker = PeriodicTask<TrainingCycle[]>;

/**
 * Trains the click and conversion models (`ModelTrainer` of `@rtb/delivery`) every
 * `MODEL_TRAINING_INTERVAL_MS`, from the process's start. Each kind's model lives in this
 * process's memory: its first round learns the last days again from the recorded events, in as
 * many cycles as it takes (each bounded). A cycle of one kind that fails is logged and the other
 * kind still runs; both try again next round. One process at a time trains, under the
 * `prediction-models` lease, renewed before each cycle; another process's worker takes over (and
 * replays the last days) when the lease lapses. Versions are written under a lock per kind too.
 */
export function startModelTrainingWorker(options: ModelTrainingWorkerOptions): ModelTrainingWorker {
  const { deps, log } = options;
  const settings = deps.config.modelTraining;
  const metrics = new ModelTrainingMetrics(options.registry);
  // Made by the first round that holds the lease: a process that never trains keeps no model
  // (2 x 2^bits doubles each) in its memory.
  let trainers: ModelTrainer[] | null = null;
  const trainersNow = () =>
    (trainers ??= [
      new ModelTrainer({ kind: 'click', bits: settings.bits, labelDelayMs: settings.clickLabelDelayMs }),
      new ModelTrainer({
        kind: 'conversion',
        bits: settings.bits,
        labelDelayMs: settings.conversionLabelDelayMs,
      }),
    ]);

  async function cyclesOf(
    trainer: ModelTrainer,
    stopping: () => boolean,
    holds: () => Promise<boolean>,
  ): Promise<TrainingCycle[]> {
    const cycles: TrainingCycle[] = [];
    let cycle: TrainingCycle;
    do {
      cycle = await trainer.cycle(deps, new Date());
      metrics.observe(cycle);
      cycles.push(cycle);
      logCycle(cycle);
    } while (cycle.behind && !stopping() && (await holds()));
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

  return startLeasedTask({
    lease: 'prediction-models',
    leaseTtlMs: LEASE_TTL_INTERVALS * settings.intervalMs,
    db: deps.db,
    registry: options.registry,
    round: async (stopping, holds) => {
      const cycles: TrainingCycle[] = [];
      for (const [i, trainer] of trainersNow().entries()) {
        if (i > 0 && !(await holds())) break;
        try {
          cycles.push(...(await cyclesOf(trainer, stopping, holds)));
        } catch (err) {
          log.error({ err, kind: trainer.kind }, 'prediction model training failed');
        }
      }
      return cycles;
    },
    skipped: [],
    failed: [],
    failure: 'prediction model training failed',
    log,
    intervalMs: options.timer === false ? null : settings.intervalMs,
    runAtStart: options.timer !== false,
  });
}

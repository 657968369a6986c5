import { inTransaction, type PredictionModelKind, type TransactionScope } from '@rtb/db';
import {
  FEATURE_COUNT,
  FtrlProximal,
  featureIndices,
  type ModelQuality,
  modelQuality,
  type PublishCheck,
  serialiseModel,
  shouldPublish,
} from '@rtb/rtb';
import { DAY_MS } from '../events/partition-days';
import { type ExampleLimits, examplePages } from './example-pages';
import { scoreHoldout } from './holdout-scores';
import {
  dropOldWeights,
  insertModelVersion,
  lockModelVersions,
  nextModelVersion,
} from './prediction-models-repository';
import { newerPublishedModel } from './published-models';
import type { ExampleCursor } from './training-examples-repository';

/** The hold-out: the last hour whose labels are known, which the version judged on it never learned. */
const HOLDOUT_MS = 3_600_000;
/** Published versions of a kind that keep their weights (the bidders read the newest). */
const KEPT_WEIGHT_VERSIONS = 3;

export interface ModelTrainerOptions {
  kind: PredictionModelKind;
  /** The hashed space of the versions it makes (`MODEL_BITS`). */
  bits: number;
  /**
   * How long after an impression (the click model) or a click (the conversion model) its label is
   * taken as known: examples newer than now minus this are not read yet.
   */
  labelDelayMs: number;
  /** How many days before the hold-out a process's first cycle learns from. */
  replayDays?: number;
  /** Examples read per cycle at most (a process's first cycles catch up in several). */
  maxExamplesPerCycle?: number;
  /** Hold-out examples scored at most (the first of the hour). */
  maxHoldoutExamples?: number;
  /** Rows per read. */
  pageSize?: number;
}

/** A version written: published, or refused with the checks it failed (`shouldPublish`). */
export interface JudgedVersion {
  version: number;
  published: boolean;
  refusedChecks: PublishCheck[];
  quality: ModelQuality;
  /** The version in use then, scored on the same hold-out; null when none was published. */
  currentQuality: ModelQuality | null;
}

export interface TrainingCycle {
  kind: PredictionModelKind;
  /** Examples learned in this cycle. */
  learned: number;
  /**
   * The cycle read `maxExamplesPerCycle` rows before reaching the hold-out: nothing was judged,
   * the next cycle learns on from where it stopped.
   */
  behind: boolean;
  /** The version written in this cycle; null when none was. */
  written: JudgedVersion | null;
  /** The newest published version after the cycle; null when there is none or the cycle was behind. */
  inUse: number | null;
}

/**
 * One kind of model learned online from the recorded events (FTRL-Proximal, packages/rtb) and
 * its versions judged before the bidders get them. Each cycle:
 * - the horizon H is now minus the label delay (a later click or conversion would be missed);
 * - it learns the examples of [where it stopped, H - 1 h) in their order;
 * - the candidate (its weights now) and the newest published version are scored on the hold-out
 *   [H - 1 h, H), which the candidate never saw; `shouldPublish` decides, and the version is
 *   written as published (with its weights) or refused (its checks, no weights);
 * - the hold-out is learned by the next cycle (progressive validation).
 * The model is memory only: the database is the truth, and a process's first cycle learns the
 * last `replayDays` days again. Versions are numbered and judged under the kind's advisory lock:
 * two trainers (one is expected) never write the same version, and each judges its candidate
 * against the newest published when it writes.
 */
export class ModelTrainer {
  readonly kind: PredictionModelKind;
  readonly #model: FtrlProximal;
  readonly #labelDelayMs: number;
  readonly #replayMs: number;
  readonly #learnLimits: ExampleLimits;
  readonly #holdoutLimits: ExampleLimits;
  readonly #scratch = new Int32Array(FEATURE_COUNT);
  /** Every example before it was learned (null: none yet: the first cycle replays). */
  #trainedThrough: Date | null = null;
  /** Where a cycle that fell behind stopped, after `#trainedThrough`. */
  #cursor: ExampleCursor | null = null;
  /** Examples learned by this model, in all. */
  #examples = 0;

  constructor(options: ModelTrainerOptions) {
    this.kind = options.kind;
    this.#model = new FtrlProximal({ bits: options.bits });
    this.#labelDelayMs = options.labelDelayMs;
    this.#replayMs = (options.replayDays ?? 7) * DAY_MS;
    const pageSize = options.pageSize ?? 5_000;
    this.#learnLimits = { max: options.maxExamplesPerCycle ?? 1_000_000, pageSize };
    this.#holdoutLimits = { max: options.maxHoldoutExamples ?? 200_000, pageSize };
  }

  async cycle(deps: TransactionScope, now: Date): Promise<TrainingCycle> {
    const to = new Date(now.getTime() - this.#labelDelayMs);
    const holdout = { from: new Date(to.getTime() - HOLDOUT_MS), to };
    const { learned, behind } = await this.#learn(deps, holdout.from);
    if (behind) return { kind: this.kind, learned, behind, written: null, inUse: null };
    return inTransaction(deps, async (tx) => {
      await lockModelVersions(tx.db, this.kind);
      const current = await newerPublishedModel(tx.db, this.kind, 0);
      const version = await nextModelVersion(tx.db, this.kind);
      const candidate = this.#model.snapshot(version);
      const scores = await scoreHoldout(
        tx.db,
        this.kind,
        holdout,
        { candidate, current },
        this.#holdoutLimits,
      );
      const unchanged = learned === 0 && scores.candidate.labels.length === 0;
      // A model that learned nothing yet is no candidate (it says 0.5 of everything).
      if (unchanged || this.#examples === 0)
        return { kind: this.kind, learned, behind, written: null, inUse: current?.version ?? null };
      const quality = modelQuality(scores.candidate);
      const currentQuality = scores.current && modelQuality(scores.current);
      const decision = shouldPublish(quality, currentQuality);
      const weights = decision.publish ? serialiseModel(candidate) : null;
      await insertModelVersion(tx.db, {
        kind: this.kind,
        version,
        status: decision.publish ? 'published' : 'refused',
        refusedChecks: decision.failed,
        bits: candidate.bits,
        nonZeroWeights: candidate.weights.reduce((n, weight) => (weight === 0 ? n : n + 1), 0),
        weightIndices: weights?.indices ?? null,
        weightValues: weights?.weights ?? null,
        trainedExamples: this.#examples,
        trainedThrough: this.#trainedThrough ?? holdout.from,
        holdoutFrom: holdout.from,
        holdoutTo: holdout.to,
        quality,
        currentQuality,
      });
      if (decision.publish) await dropOldWeights(tx.db, this.kind, KEPT_WEIGHT_VERSIONS);
      return {
        kind: this.kind,
        learned,
        behind,
        written: {
          version,
          published: decision.publish,
          refusedChecks: decision.failed,
          quality,
          currentQuality,
        },
        inUse: decision.publish ? version : (current?.version ?? null),
      };
    });
  }

  /** Learns the examples from where it stopped up to `until`, at most a cycle's worth. */
  async #learn(deps: TransactionScope, until: Date): Promise<{ learned: number; behind: boolean }> {
    const from = this.#trainedThrough ?? new Date(until.getTime() - this.#replayMs);
    if (until <= from) return { learned: 0, behind: false };
    let learned = 0;
    let behind = true;
    const window = { from, to: until, after: this.#cursor };
    for await (const page of examplePages(deps.db, this.kind, window, this.#learnLimits)) {
      for (const { features, positive } of page.examples)
        this.#model.update(featureIndices(features, this.#model.settings.bits, this.#scratch), positive);
      learned += page.examples.length;
      this.#examples += page.examples.length;
      // Moved page by page: a read that fails goes on from the last page learned.
      this.#trainedThrough = from;
      this.#cursor = page.next;
      if (!page.next) {
        this.#trainedThrough = until;
        behind = false;
      }
    }
    return { learned, behind };
  }
}

import type { PredictionModelKind } from '@rtb/db';
import type { ModelSnapshot, PublishedModels } from '@rtb/rtb';
import { PeriodicRead } from '../periodic-read';

/** How often a bidder asks for newer published models. */
export const MODEL_REFRESH_MS = 60_000;

export interface ModelBookOptions {
  /** The newest published version of the kind newer than `after`, null when none (`newerPublishedModel`). */
  load: (kind: PredictionModelKind, after: number) => Promise<ModelSnapshot | null>;
  refreshMs?: number;
  onError: (err: unknown) => void;
  /** Told of each version taken into use. */
  onVersion?: (kind: PredictionModelKind, version: number) => void;
}

/**
 * The click and conversion models this bidder scores impressions with: the newest published
 * versions, read at start and every `MODEL_REFRESH_MS` after. A read that fails, or a version
 * that does not parse, leaves the models in use as they are (bids then price with what they had,
 * or with the campaigns' priors until a first model is read).
 */
export class ModelBook {
  #models: PublishedModels = { click: null, conversion: null };
  readonly #options: ModelBookOptions;
  readonly #reads: PeriodicRead;

  constructor(options: ModelBookOptions) {
    this.#options = options;
    this.#reads = new PeriodicRead(() => this.#refresh(), options.refreshMs ?? MODEL_REFRESH_MS);
  }

  /** Reads the models in use, then keeps them fresh. */
  start(): Promise<void> {
    return this.#reads.start();
  }

  get models(): PublishedModels {
    return this.#models;
  }

  /** Takes the newer versions published since the last read (one read at a time). */
  refresh(): Promise<void> {
    return this.#reads.now();
  }

  async #refresh(): Promise<void> {
    for (const kind of ['click', 'conversion'] as const) {
      try {
        const newer = await this.#options.load(kind, this.#models[kind]?.version ?? 0);
        if (newer === null) continue;
        this.#models = { ...this.#models, [kind]: newer };
        this.#options.onVersion?.(kind, newer.version);
      } catch (err) {
        this.#options.onError(err);
      }
    }
  }

  close(): void {
    this.#reads.close();
  }
}

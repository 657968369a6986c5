import type { DeliveryDeps } from '@rtb/delivery';
import { type TagAdvertiser, tagAdvertiser } from '@rtb/delivery';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Tag keys and their advertisers, remembered for a minute (unknown keys too, so a flood of made-up
 * keys costs one lookup each per minute at most): every event request names a key, and keys
 * never change hands.
 */
export class TagKeys {
  readonly #entries = new Map<string, { tag: TagAdvertiser | null; until: number }>();

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly now: () => number = Date.now,
  ) {}

  async find(tagKey: string): Promise<TagAdvertiser | null> {
    const entry = this.#entries.get(tagKey);
    if (entry && entry.until > this.now()) return entry.tag;
    const tag = await tagAdvertiser(this.deps, tagKey);
    this.#entries.delete(tagKey);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tagKey, { tag, until: this.now() + TTL_MS });
    return tag;
  }
}

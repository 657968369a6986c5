import { mergeProfiles, PROFILE_TTL_MS, type VisitorProfile } from '@rtb/rtb';
import type { ProfileStore, ProfileUpdate, UserProfiles } from './profile-store';

interface Visitor {
  profiles: Map<number, VisitorProfile>;
  /** When the last update came: the visitor is forgotten `PROFILE_TTL_MS` later. */
  updatedAt: number;
}

/** Visitors swept after this many merges, from the least recently updated. */
const SWEEP_EVERY = 1_000;

/**
 * The profiles of a single bidder process. Visitors are kept in the order of their last update
 * (each update moves the visitor to the end), so the expired ones are swept from the front.
 */
export class MemoryProfileStore implements ProfileStore {
  readonly #visitors = new Map<string, Visitor>();
  readonly #now: () => number;
  #merges = 0;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async merge(updates: readonly ProfileUpdate[]): Promise<void> {
    const now = this.#now();
    for (const { userId, advertiserId, profile } of updates) {
      const visitor = this.#live(userId, now) ?? { profiles: new Map(), updatedAt: now };
      const kept = visitor.profiles.get(advertiserId);
      visitor.profiles.set(advertiserId, kept ? mergeProfiles(kept, profile) : profile);
      visitor.updatedAt = now;
      this.#visitors.delete(userId);
      this.#visitors.set(userId, visitor);
    }
    this.#merges += updates.length;
    if (this.#merges >= SWEEP_EVERY) {
      this.#merges = 0;
      this.#sweep(now);
    }
  }

  async profilesOf(userId: string): Promise<UserProfiles> {
    const profiles = this.#live(userId, this.#now())?.profiles;
    return {
      get: (advertiserId) => profiles?.get(advertiserId) ?? null,
      advertisers: [...(profiles?.keys() ?? [])],
    };
  }

  async claimRebuild(): Promise<boolean> {
    return true;
  }

  async finishRebuild(): Promise<void> {}

  async close(): Promise<void> {
    this.#visitors.clear();
  }

  #live(userId: string, now: number): Visitor | undefined {
    const visitor = this.#visitors.get(userId);
    if (visitor && visitor.updatedAt + PROFILE_TTL_MS <= now) {
      this.#visitors.delete(userId);
      return undefined;
    }
    return visitor;
  }

  #sweep(now: number) {
    for (const [userId, visitor] of this.#visitors) {
      if (visitor.updatedAt + PROFILE_TTL_MS > now) return;
      this.#visitors.delete(userId);
    }
  }
}

import type { VisitorProfile, VisitorProfiles } from '@rtb/rtb';

/** What a batch of a visitor's tag events made of their profile at one shop: merged into the kept one. */
export interface ProfileUpdate {
  userId: string;
  advertiserId: number;
  profile: VisitorProfile;
}

/** One visitor's profiles, read once per bid request: by advertiser, null where the shop never saw them. */
export type UserProfiles = VisitorProfiles;

export const NO_PROFILES: UserProfiles = { get: () => null, advertisers: [] };

/**
 * The visitors' profiles (issue 15 item 3): in this process's memory, or in Redis when several
 * bidders share them (`createProfileStore`). A profile lives `PROFILE_TTL_MS` after its visitor's
 * last recorded event.
 */
export interface ProfileStore {
  /** Merges each update into its profile (`mergeProfiles`), atomically per visitor. */
  merge(updates: readonly ProfileUpdate[]): Promise<void>;
  /** Every profile of one visitor, in one read (one round trip to Redis). */
  profilesOf(userId: string): Promise<UserProfiles>;
  /**
   * Whether this process is to rebuild the profiles from the tag events, claiming the rebuild
   * when so: when the store has never been filled (memory: always at start; Redis: no mark of a
   * finished rebuild, so a new or emptied server), or `force`, and no other bidder is at it.
   */
  claimRebuild(force: boolean): Promise<boolean>;
  /** Marks the rebuild finished; `completed` false (it failed) lets the next start try again. */
  finishRebuild(completed: boolean): Promise<void>;
  close(): Promise<void>;
}

import type { ProfileEvent } from '@rtb/rtb';

/** A tag event as a visitor's profile takes it. */
export interface TagProfileEvent extends ProfileEvent {
  advertiserId: number;
  userId: string | null;
  bot: boolean;
}

/** A stored tag event the bidder rebuilds a profile from. */
export interface ProfileEventRow extends TagProfileEvent {
  seq: number;
  userId: string;
}

/** Where a batch ended: the next one starts after it. */
export interface ProfileEventsCursor {
  advertiserId: number;
  seq: number;
}

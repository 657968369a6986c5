import { FNV_OFFSET_BASIS, fmix32, fnv1aInt32, fnv1aText } from '../hashing';

export type LiftGroup = 'exposed' | 'held-out';

const BPS = 10_000;

/**
 * The group of a user in a campaign's lift test: a hash of (campaign, user) into 10,000 buckets,
 * the first `shareBps` held out (never bid on). Stable: the same user is in the same group on
 * every bidder and every day; raising the share only moves exposed users into the hold-out.
 * Each campaign draws its own users, so no one is held out of every campaign.
 */
export function holdoutGroup(userId: string, campaignId: number, shareBps: number): LiftGroup {
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > BPS)
    throw new RangeError(`A hold-out share of ${shareBps} bps is not whole and within 0..10000.`);
  const bucket = fmix32(fnv1aText(fnv1aInt32(FNV_OFFSET_BASIS, campaignId), userId)) % BPS;
  return bucket < shareBps ? 'held-out' : 'exposed';
}

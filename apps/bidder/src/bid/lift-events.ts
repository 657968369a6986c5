import type { DeliveryEventInput } from '@rtb/delivery';
import {
  type BidRequestFacts,
  holdoutGroup,
  type LiftGroup,
  localTime,
  type MatchedCandidate,
} from '@rtb/rtb';
import { randomId } from '../random-id';

/**
 * The visitor's group in the candidate campaign's lift test; null when it runs none or the
 * visitor takes no part: only a visitor of our own id (an exchange's `x:` id never meets the
 * shop's conversions) whose data we may use.
 */
export function liftGroupOf(request: BidRequestFacts, candidate: MatchedCandidate): LiftGroup | null {
  const { holdoutBps, id: campaignId } = candidate.campaign;
  const { id, personalDataAllowed } = request.user;
  if (holdoutBps === 0 || !personalDataAllowed || id === null || id.startsWith('x:')) return null;
  return holdoutGroup(id, campaignId, holdoutBps);
}

/**
 * What the bidder records of a lift test's campaign when its turn to bid on a visitor came: an
 * 'exposure' for a visitor of its exposed group (it then bids), a 'ghost' of the impression it
 * would have bought for a held-out one (it does not). Recorded at the same point for both, they
 * make the lift report's two groups alike: everyone the campaign would have bid on, whatever the
 * exchange tells of the auction afterwards.
 */
export function liftEvent(
  group: LiftGroup,
  request: BidRequestFacts,
  candidate: MatchedCandidate,
  now: Date,
): DeliveryEventInput {
  const { campaign, banner } = candidate;
  return {
    kind: group === 'held-out' ? 'ghost' : 'exposure',
    source: 'bid',
    occurredAt: now,
    advertiserId: campaign.advertiserId,
    bidId: randomId(16),
    bidAt: now,
    campaignId: campaign.id,
    bannerId: banner.id,
    day: localTime(now, campaign.timeZone).day,
    userId: request.user.id,
    country: request.device.country,
    deviceType: request.device.type,
    domain: request.inventory.reportName,
  };
}

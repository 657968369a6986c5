import type { DeliveryEventInput } from '@rtb/delivery';
import { type BidRequestFacts, holdoutGroup, localTime, type MatchedCandidate } from '@rtb/rtb';
import { randomId } from '../random-id';

/**
 * Whether the visitor is in the campaign's lift-test hold-out: only a visitor of our own id
 * (an exchange's `x:` id never meets the shop's conversions) whose data we may use.
 */
export function heldOut(request: BidRequestFacts, candidate: MatchedCandidate): boolean {
  const { holdoutBps, id: campaignId } = candidate.campaign;
  const { id, personalDataAllowed } = request.user;
  if (holdoutBps === 0 || !personalDataAllowed || id === null || id.startsWith('x:')) return false;
  return holdoutGroup(id, campaignId, holdoutBps) === 'held-out';
}

/**
 * The 'ghost' of the impression the campaign would have bought from a held-out visitor: the
 * lift report's held-out group (its users, and their purchases beside the exposed ones').
 */
export function ghostEvent(
  request: BidRequestFacts,
  candidate: MatchedCandidate,
  now: Date,
): DeliveryEventInput {
  const { campaign, banner } = candidate;
  return {
    kind: 'ghost',
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

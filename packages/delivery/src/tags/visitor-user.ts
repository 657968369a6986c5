import type { DeliveryDeps } from '../deps';
import { userIdOfVisitor } from './repository';

/**
 * Our user id of a shop's visitor, by the tag's first-party id (`_rtbvid`, which the shop's own
 * server can read): the id its latest event came with; null for a visitor the tag never saw with one.
 */
export function visitorUserId(
  deps: DeliveryDeps,
  advertiserId: number,
  visitorId: string,
): Promise<string | null> {
  return userIdOfVisitor(deps.db, advertiserId, visitorId);
}

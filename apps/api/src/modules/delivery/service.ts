/**
 * What the bidder uses of delivery: the snapshot of everything it decides bids on, and the
 * channel that tells it something changed.
 */
export type { AppDeps } from '../../core/deps';
export { DELIVERY_CHANNEL, notifyDelivery } from './repository';
export { type DeliverySnapshot, loadDeliverySnapshot } from './snapshot';

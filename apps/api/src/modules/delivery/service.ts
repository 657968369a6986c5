/**
 * What the bidder uses of delivery: the snapshot of everything it decides bids on and the channel
 * that tells it something changed; for the trackers and the shop's tag, recording a batch of
 * events, a conversion's advertiser and the rules of its value.
 */
export type { AppDeps } from '../../core/deps';
export { conversionAdvertiser } from './conversion-advertiser';
export { type ConversionAdvertiser, conversionValue } from './conversion-value';
export { type BidCount, recordBidCounts } from './record-bid-counts';
export {
  type DeliveryEventInput,
  type DeliverySource,
  type RecordedEvent,
  recordDeliveryEvents,
} from './record-events';
export { DELIVERY_CHANNEL, notifyDelivery } from './repository';
export { type DeliverySnapshot, loadDeliverySnapshot } from './snapshot';

/**
 * What the bidder uses of delivery: the snapshot of everything it decides bids on and the channel
 * that tells it something changed; for the trackers and the shop's tag, recording a batch of
 * events, a conversion's advertiser and the rules of its value, and a postback with its secret.
 * For the Tags tab: the conversions' settings, the postback secret, and the conversions with
 * their confirmation.
 */
export type { AppDeps } from '../../../core/deps';
export { confirmConversion } from './confirm-conversion';
export { conversionAdvertiser } from './conversion-advertiser';
export { listConversions } from './conversion-debug';
export { getConversionSettings } from './conversion-settings';
export { type ConversionAdvertiser, conversionValue } from './conversion-value';
export { getPostbackSettings, postbackSecretOf, rotatePostbackSecret } from './postback-secret';
export { type BidCount, recordBidCounts } from './record-bid-counts';
export {
  type DeliveryEventInput,
  type DeliverySource,
  type RecordedEvent,
  recordDeliveryEvents,
} from './record-events';
export { type PostbackOutcome, recordPostback, type VerifiedPostback } from './record-postback';
export { DELIVERY_CHANNEL, notifyDelivery } from './repository';
export { type DeliverySnapshot, loadDeliverySnapshot } from './snapshot';
export { changeConversionSettings } from './update-conversion-settings';

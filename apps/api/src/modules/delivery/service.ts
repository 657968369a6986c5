/** What the trackers (apps/bidder) use of delivery: recording a batch of events, and a conversion's advertiser. */
export { conversionAdvertiser } from './conversion-advertiser';
export {
  type DeliveryEventInput,
  type DeliverySource,
  type RecordedEvent,
  recordDeliveryEvents,
} from './record-events';

/** What the bidder uses of delivery: the snapshot of everything it decides bids on. */
export { type DeliverySnapshot, loadDeliverySnapshot } from './snapshot';

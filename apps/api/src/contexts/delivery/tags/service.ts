/**
 * What other modules and the bidder use of the tag: the events endpoint finds a key's advertiser
 * and records batches of events (in the caller's transaction); the bidder rebuilds its visitors'
 * profiles from the events; the integration status asks for the tags area; the product browser
 * shows what the tag saw of a product; a postback finds its visitor's user id.
 */
export { productTagActivity } from './product-activity';
export type { ProfileEventRow, ProfileEventsCursor, TagProfileEvent } from './profile-event';
export { tagEventsForProfiles } from './profile-events';
export {
  type RecordedTagEvent,
  recordTagEvents,
  type TagEventInput,
} from './record-tag-events';
export { type TagAdvertiser, tagAdvertiser } from './tag-key';
export { tagsViewStatus } from './view-status';
export { visitorUserId } from './visitor-user';

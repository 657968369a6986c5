/**
 * What other modules and the bidder use of the tag: the events endpoint finds a key's advertiser
 * and records batches of events (in the caller's transaction); the integration status asks for
 * the tags area.
 */
export { type RecordedTagEvent, recordTagEvents, type TagEventInput } from './record-tag-events';
export { type TagAdvertiser, tagAdvertiser } from './tag-key';
export { tagsViewStatus } from './view-status';

import { dateMessages } from './common-messages';

/** The 422 text on a `cursor` that no page gave out. */
export const INVALID_CURSOR_MESSAGE = 'The cursor is invalid. Start again from the first page.';

/** The list query's own validation texts (the web app translates them by these words). */
export const activityLogMessages = {
  invalidCursor: INVALID_CURSOR_MESSAGE,
  ...dateMessages,
  entityTypeRequired: 'Choose the entity type too.',
  unknownEntityType: 'Choose an entity type from the list.',
} as const;

import { dateMessages } from './common-messages';

/** Texts of the notifications endpoints (the web app translates them in its notifications namespace). */
export const notificationMessages = {
  ...dateMessages,
  subjectOneLine: 'The subject must fit on one line.',
  stillPending: 'This e-mail is still waiting to be sent, so it cannot be resent.',
  unknownTemplate: 'There is no e-mail template with this key.',
  unknownPlaceholder: (name: string) => `{{${name}}} is not a placeholder of this e-mail.`,
  missingPlaceholder: (name: string) => `Keep the {{${name}}} placeholder: this e-mail needs it.`,
} as const;

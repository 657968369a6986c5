/** Texts of the regulations endpoints (the web app translates them in its regulations namespace). */
export const regulationMessages = {
  englishRequired: 'Add the English text: it is shown wherever a translation is missing.',
  duplicateLocale: 'Each language may have only one text.',
  unknownLocale: 'Choose an enabled language.',
  alreadyAccepted:
    'This version has already been accepted, so its text can no longer change. Publish a new version instead.',
  notCurrent: 'Only the current version of a document can be accepted. Reload the page and try again.',
  impersonatedAcceptance:
    'Regulations can only be accepted by the user themself, not in a "log in as" session.',
} as const;

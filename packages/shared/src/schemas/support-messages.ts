/** Texts of the support endpoints (the web app translates them in its support namespace). */
export const supportMessages = {
  unknownFormContact: 'Choose an existing support request.',
} as const;

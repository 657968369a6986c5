/** The Products tab's own error texts (the web app translates them by these words). */
export const productFeedMessages = {
  fileRequired: 'Choose a feed file to upload.',
  fileTooLarge: 'The feed file may be at most {max} MB.',
  noUrl: 'The product feed has no URL to fetch: set one first.',
} as const;

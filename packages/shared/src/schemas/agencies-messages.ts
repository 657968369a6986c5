/** Texts of the agencies endpoints (the web app translates them in its agencies namespace). */
export const agencyMessages = {
  limitBelowAdvertisers:
    'Some advertisers of this agency have a higher commission. Lower their commission first.',
} as const;

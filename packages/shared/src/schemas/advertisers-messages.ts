/** Texts of the advertisers endpoints (the web app translates them in its advertisers namespace). */
export const advertiserMessages = {
  codeFormat: 'Use letters, digits, dashes or underscores (up to 40), e.g. DEMO-SHOP.',
  codeRequired: 'Enter a code.',
  codeTaken: 'Another advertiser already has this code.',
  unknownAgency: 'Choose an agency from the list.',
  commissionAboveLimit: "The commission may not exceed the agency's commission limit.",
  agencyPaidWithoutAgency: 'Only an advertiser with an agency can have agency-paid campaigns.',
  tooManyLocales: 'Choose at most 20 languages.',
} as const;

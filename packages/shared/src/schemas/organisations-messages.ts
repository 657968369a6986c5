/** Texts of the rules agencies and advertisers share (the web app translates them). */
export const organisationMessages = {
  taxEmail: 'Enter a valid e-mail address.',
  percent: 'Enter a percentage from 0 to 100 with up to 2 decimals, e.g. 15.00.',
  amount: 'Enter an amount of 0 or more with up to 2 decimals, e.g. 1000.00.',
  minorUnits: 'Enter a whole number of minor units (cents) of 0 or more.',
  currencyLocked: 'The currency cannot change: this organisation already has money movements in it.',
  sameStatus: 'This already is the verification status.',
} as const;

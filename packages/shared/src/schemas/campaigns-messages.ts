import { domainMessages } from './domains-messages';

/** Texts of the campaigns endpoints (the web app translates them in its campaigns namespace). */
export const campaignMessages = {
  budgetRequired: 'Set a total budget, a daily budget or both.',
  dailyAboveTotal: 'The daily budget cannot be more than the total budget.',
  dailyBelowMinimum: 'The daily budget must be at least {min}.',
  bidBelowMinimum: 'The maximum CPM must be at least {min}.',
  targetCpcTooLarge: 'The target CPC cannot be more than 1,000.00.',
  targetCpaTooLarge: 'The target CPA cannot be more than 100,000.00.',
  targetRoasRange:
    'Enter a target ROAS from 1% to 100,000%: a whole number of basis points from 100 to 10,000,000.',
  microsWhole: 'Enter a whole number of micro-units (millionths of the currency).',
  amountPositive: 'Enter an amount above zero.',
  amountTooLarge: 'The amount is too large.',
  endBeforeStart: 'The end date is before the start date.',
  endInPast: 'The end date has passed.',
  hoursEmpty: 'Choose at least one hour, or run at all hours.',
  unknownBanner: 'Choose banners of this advertiser.',
  archivedBanner: 'An archived banner cannot be shown. Restore it or remove it from the campaign.',
  statusChangeNotAllowed: 'A campaign cannot go from {from} to {to}.',
  archivedNotEditable: 'An archived campaign cannot be changed. Restore it first.',
  unknownCampaign: 'Choose an existing campaign.',
  clickWindowRange: 'Enter a whole number of days from 1 to 90.',
  viewWindowRange: 'Enter a whole number of days from 0 to 30.',
  ...domainMessages,
  timeZoneUnknown: 'Choose a time zone from the list.',
  totalBelowSpent: 'The total budget cannot be less than the {spent} already spent.',
  noDailyBudget: 'The campaign has no daily budget to change. Set one instead.',
  noMaxCpm: 'The campaign has no maximum CPM to change. Set one instead.',
  percentChange: 'Enter a percentage other than 0, from -99.99 to 1000, with at most two decimals.',
  amountChangeNotZero: 'Enter an amount other than 0.',
  bulkEditRefused: 'Nothing was changed: {count} of the campaigns cannot take this change.',
} as const;

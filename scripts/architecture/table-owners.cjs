// The context that owns each table more than one context uses (a table only one context uses is
// that context's). A package holding part of a context counts as that context (table-owners.test.ts). Read by table-owners.test.ts; docs/architecture/data.md lists every table.

/** @type {Record<string, string>} table (its @rtb/db export) -> owning context */
const sharedTableOwners = {
  accounts: 'identity',
  adminUsers: 'identity',
  agencyUsers: 'identity',
  advertiserUsers: 'identity',
  roles: 'identity',
  agencies: 'organisations',
  advertisers: 'organisations',
  countries: 'platform',
  currencies: 'platform',
  tagEvents: 'delivery',
  activityLogs: 'platform',
  campaigns: 'campaigns',
  campaignBanners: 'campaigns',
  banners: 'campaigns',
  audiences: 'campaigns',
  regulations: 'organisations',
  logRegulations: 'organisations',
  currencyRates: 'platform',
  fileUploads: 'platform',
  products: 'shop',
  // The rollups are written by the delivery engine (@rtb/delivery) only; reports read them.
  statsHourly: 'delivery',
  statsCampaignHourly: 'delivery',
};

/**
 * The packages that hold part of a context: the delivery engine is the delivery context's, the
 * ledger's posting engine the money context's.
 */
const packageContexts = { delivery: 'delivery', ledger: 'money' };

module.exports = { sharedTableOwners, packageContexts };

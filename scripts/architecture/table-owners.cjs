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
  statsCampaignDaily: 'delivery',
};

/**
 * The packages that hold part of a context: the delivery engine is the delivery context's, the
 * ledger's posting engine the money context's.
 */
const packageContexts = { delivery: 'delivery', ledger: 'money' };

/**
 * Tables an owner publishes as they are to a named context that reads them in bulk and outside
 * the API's process, where the owner's published reads (column functions in apps/api) cannot go
 * (decision 0015): the delivery engine's snapshot, attribution and catalogue (in the bidder and
 * the workers), the ledger's posting engine (its spender and currency), reporting's scans of the
 * rollups the engine writes for it. A change to one of these tables is a change of the reader's
 * contract: its tests (the snapshot's, the ledger's, the reports') read the real tables.
 * @type {Record<string, string[]>} reading context -> tables it reads
 */
const publishedTables = {
  delivery: [
    'advertisers',
    'agencies',
    'audiences',
    'banners',
    'campaignBanners',
    'campaigns',
    'currencies',
    'currencyRates',
    'logRegulations',
    'products',
    'regulations',
  ],
  money: ['advertisers', 'agencies', 'currencies'],
  reporting: ['statsHourly', 'statsCampaignHourly', 'statsCampaignDaily'],
};

module.exports = { sharedTableOwners, packageContexts, publishedTables };

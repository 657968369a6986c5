// The context that owns each table more than one context uses (a table only one context uses is
// that context's). Read by table-owners.test.ts; docs/architecture/data.md lists every table.

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
};

module.exports = { sharedTableOwners };

/**
 * The double-entry ledger's posting engine, which the money context's operations and the
 * bidder's spend both post through: organisation and platform accounts made at first use,
 * balanced postings that never take an account below its floor, and spend posting.
 */
export { NoCurrencyError, organisationAccount, platformAccount } from './accounts';
export {
  accountBalances,
  type Balances,
  balancesOf,
  hasLedgerEntries,
  unpostedSpendOf,
} from './balances';
export { minorUnitsOf } from './currency-minor-units';
export { InsufficientFundsError, type Posting, postEntries } from './post';
export { postSpend, type SpendBatch, type SpendOutcome } from './post-spend';
export {
  findOrganisationAccount,
  insertOrganisationAccount,
  insertTransaction,
  type LedgerAccount,
  type LedgerOwner,
} from './repository';
export { floorOf } from './spender';

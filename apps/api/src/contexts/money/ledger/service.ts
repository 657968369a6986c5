/**
 * What the payments module's spend posting uses of the ledger beyond posting itself: the
 * transaction a batch is posted in, and the micro-units accrued on an account.
 */
export { accrueSpend, insertTransaction, type LedgerAccount, releaseSpend } from './repository';

/** What other modules use of payments: the delivery module posts each batch's spend. */
export type { SpendBatch, SpendOutcome } from '@rtb/ledger';

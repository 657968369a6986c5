/** What other modules use of payments: the delivery module posts each batch's spend. */
export { postSpend, type SpendBatch, type SpendOutcome } from './post-spend';

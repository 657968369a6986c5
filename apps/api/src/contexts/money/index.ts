export { formatMoney } from './invoices/format';
export { invoiceNumber } from './invoices/issue-invoice';
export { balancesOf, hasLedgerEntries, unpostedSpendOf } from './ledger/balances';
export type { PaymentProvider } from './online-payments/provider';
export { recordCreditTerms } from './payments/credit-limit';
export { postSpend } from './payments/service';
export { topUpRequestNumber } from './payments/top-up-request-dto';

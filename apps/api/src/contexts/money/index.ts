export { formatMoney } from './documents/format';
export { invoiceNumber } from './invoices/issue-invoice';
export type { PaymentProvider } from './online-payments/provider';
export { recordCreditTerms } from './payments/credit-limit';
export type { CampaignsOfMoney } from './payments/ports';
export { topUpRequestNumber } from './payments/top-up-request-dto';

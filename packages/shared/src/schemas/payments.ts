import { z } from 'zod';
import {
  ledgerTransactionTypes,
  onlinePaymentStatuses,
  organisationAccountPurposes,
  topUpRequestStatuses,
  topUpTypes,
} from '../enums';
import { apiDateTime, dateRange, endNotBeforeStart, envelope, listOf, pageQuery } from './common';
import { currencyRef, minorUnitsField, organisationRef } from './organisations';
import { paymentMessages } from './payments-messages';

/** A money rule's text with its maximum (minor units) written in: 'The amount cannot be more than 1,000,000.00.' */
export function aboveMaximumText(
  message: typeof paymentMessages.amountAboveMaximum | typeof paymentMessages.creditLimitAboveMaximum,
  maxMinorUnits: number,
): string {
  const max = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    maxMinorUnits / 100,
  );
  return message.replace('{max}', max);
}

/**
 * Whether the seller's bank account (config value `seller_bank_account`) is a real one: the
 * seeded 'PL00 0000 …' placeholder, or an empty value, has no digit other than 0.
 */
export const isBankAccountConfigured = (account: string): boolean => /[1-9]/.test(account);

/** Amounts the API takes: whole minor units (cents), at most a hundred billion units. */
const MAX_AMOUNT = 10_000_000_000_000;
export const positiveMinorUnits = z
  .number({ error: paymentMessages.amountPositive })
  .int(paymentMessages.amountPositive)
  .min(1, paymentMessages.amountPositive)
  .max(MAX_AMOUNT, paymentMessages.amountTooLarge);

/** Stripe's limit of an amount in minor units (8 digits). */
export const ONLINE_PAYMENT_MAX_GROSS = 99_999_999;

const reasonField = z
  .string({ error: paymentMessages.reasonRequired })
  .trim()
  .min(3, paymentMessages.reasonRequired)
  .max(500);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullish();

// --- What the API shows ---------------------------------------------------------------------

/** A person who started an operation: their account id, name (or login) and login e-mail. */
export const personRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof personRef>;

/** Who did it: a user (and the admin acting as them, if any); `initiator` null means the system. */
const initiatorFields = {
  reason: z.string().nullable(),
  initiator: personRef.nullable(),
  impersonator: personRef.nullable(),
};

const ownerFields = {
  agency: organisationRef.nullable(),
  advertiser: organisationRef.nullable(),
};

export const invoiceRef = z.object({ id: z.number().int(), number: z.string(), gross: z.number().int() });

/**
 * One line of an organisation's balance movements (the transactions of the payments pages):
 * what kind of operation, how much, the balance before and after, who started it and why. Spend
 * is one line per account, advertiser, campaign and the advertiser's day: the sum of that day's
 * ledger postings (`postings` of them, each often 0.01); every other operation is a line of its own.
 */
export const paymentDto = z.object({
  /** The line's last ledger entry. */
  id: z.number().int(),
  transactionId: z.number().int(),
  /** When its last posting was made. */
  createdAt: apiDateTime,
  type: z.enum(ledgerTransactionTypes),
  /** The organisation's own balance, an advertiser's agency-funded balance or an agency's commission. */
  account: z.enum(organisationAccountPurposes),
  ...ownerFields,
  /**
   * The other side: of a transfer, the advertiser (on the agency's row) or the agency; of spend
   * on an agency's commission account, the advertiser that spent.
   */
  counterparty: organisationRef.nullable(),
  /** Spend: its campaign (null when recorded without one). */
  campaign: organisationRef.nullable(),
  /** Spend: the advertiser's day it sums (`YYYY-MM-DD`); null on other lines. */
  day: z.string().nullable(),
  /** How many ledger postings the line sums (1 unless it is a day's spend). */
  postings: z.number().int(),
  currency: currencyRef,
  /** Minor units: positive in, negative out. */
  amount: z.number().int(),
  /** The balance before the line's first posting and after its last. */
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  ...initiatorFields,
  invoice: invoiceRef.nullable(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

export const logTopUpDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  type: z.enum(topUpTypes),
  ...ownerFields,
  currency: currencyRef,
  /** Credited to the balance (net of tax), minor units. */
  amount: z.number().int(),
  invoice: invoiceRef.nullable(),
  topUpRequestId: z.number().int().nullable(),
  onlinePaymentId: z.number().int().nullable(),
  ...initiatorFields,
});
export type LogTopUpDto = z.infer<typeof logTopUpDto>;

export const logCreditDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  ...ownerFields,
  currency: currencyRef.nullable(),
  creditLimitBefore: z.number().int(),
  creditLimitAfter: z.number().int(),
  useCreditLimitBefore: z.boolean(),
  useCreditLimitAfter: z.boolean(),
  ...initiatorFields,
});
export type LogCreditDto = z.infer<typeof logCreditDto>;

/** Billing data of the buyer, as they were when a document was made. */
export const billingSnapshotDto = z.object({
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  email: z.string(),
  country: z.string(),
  countryCode: z.string(),
});

/** Net (credited), tax and gross (paid) amounts in minor units; `taxNote` says why there is no VAT. */
const taxedFields = {
  currency: currencyRef,
  net: z.number().int(),
  taxPercent: z.number(),
  tax: z.number().int(),
  gross: z.number().int(),
  /** 'reverse_charge' (a business elsewhere in the EU) or 'outside_eu'; null with VAT. */
  taxNote: z.string().nullable(),
};

export const logTopUpRequestDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  status: z.enum(topUpRequestStatuses),
  ...ownerFields,
  ...taxedFields,
  comment: z.string().nullable(),
  buyer: billingSnapshotDto,
  /** What the bank transfer's title must say, and where it goes (null until the platform has set its account). */
  transferTitle: z.string(),
  bankAccount: z.string().nullable(),
  requestedBy: personRef.nullable(),
  impersonator: personRef.nullable(),
  decidedBy: personRef.nullable(),
  decidedAt: apiDateTime.nullable(),
  rejectionReason: z.string().nullable(),
  invoice: invoiceRef.nullable(),
});
export type LogTopUpRequestDto = z.infer<typeof logTopUpRequestDto>;

export const onlinePaymentDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  status: z.enum(onlinePaymentStatuses),
  provider: z.string(),
  ...ownerFields,
  ...taxedFields,
  /** Where to send the user to pay; only while the payment is pending. */
  checkoutUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  paidAt: apiDateTime.nullable(),
  createdBy: personRef.nullable(),
  invoice: invoiceRef.nullable(),
});
export type OnlinePaymentDto = z.infer<typeof onlinePaymentDto>;

export const sellerSnapshotDto = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  bankAccount: z.string(),
  country: z.string(),
});

export const invoiceDto = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedAt: apiDateTime,
  ...ownerFields,
  ...taxedFields,
  seller: sellerSnapshotDto,
  buyer: billingSnapshotDto,
  description: z.string(),
  paymentMethod: z.enum(['online', 'bank_transfer']),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

/**
 * What the payments page of an agency or advertiser shows at the top: balances, credit, billing
 * completeness, how a top-up would be taxed, and which ways of topping up there are.
 */
export const paymentsOverviewDto = z.object({
  kind: z.enum(['agency', 'advertiser']),
  organisation: organisationRef,
  currency: currencyRef.nullable(),
  balance: z.number().int(),
  /** An advertiser's agency-funded balance; null for an agency. */
  balanceAgency: z.number().int().nullable(),
  /** An agency's commission earned on its advertisers' spend (its commission account); null for an advertiser. */
  commission: z.number().int().nullable(),
  agencyPaidCampaigns: z.boolean().nullable(),
  creditLimit: z.number().int(),
  useCreditLimit: z.boolean(),
  creditValue: z.number().int(),
  availableCredit: z.number().int(),
  billingComplete: z.boolean(),
  billingMissing: z.array(z.string()),
  /** VAT a top-up gets (percent, and the note when it is 0). */
  taxPercent: z.number(),
  taxNote: z.string().nullable(),
  onlineTopUp: z.object({ available: z.boolean(), maxGross: z.number().int() }),
  /** Where a bank transfer goes; `bankAccount` is null until the platform has set a real one. */
  bankTransfer: z.object({ sellerName: z.string(), bankAccount: z.string().nullable() }),
});
export type PaymentsOverviewDto = z.infer<typeof paymentsOverviewDto>;

/**
 * Admin: whether the platform's payment settings are complete (the payments page warns when
 * not), with the config value to fix.
 */
export const paymentsSetupDto = z.object({
  bankAccountConfigured: z.boolean(),
  /** The `seller_bank_account` config value's id (its page in Configuration). */
  bankAccountConfigValueId: z.number().int().nullable(),
});
export type PaymentsSetupDto = z.infer<typeof paymentsSetupDto>;

// --- Lists ----------------------------------------------------------------------------------

const optionalId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();
/** Admins list every organisation's records, optionally one agency's or advertiser's. */
const organisationFilter = { agencyId: optionalId, advertiserId: optionalId };

export const paymentsQuery = pageQuery
  .extend({
    type: z.enum(ledgerTransactionTypes).optional(),
    account: z.enum(organisationAccountPurposes).optional(),
    ...organisationFilter,
    ...dateRange,
  })
  .superRefine(endNotBeforeStart);
export type PaymentsQuery = z.infer<typeof paymentsQuery>;

export const logTopUpsQuery = pageQuery
  .extend({ type: z.enum(topUpTypes).optional(), ...organisationFilter, ...dateRange })
  .superRefine(endNotBeforeStart);
export type LogTopUpsQuery = z.infer<typeof logTopUpsQuery>;

export const logCreditsQuery = pageQuery
  .extend({ ...organisationFilter, ...dateRange })
  .superRefine(endNotBeforeStart);
export type LogCreditsQuery = z.infer<typeof logCreditsQuery>;

export const logTopUpRequestsQuery = pageQuery
  .extend({ status: z.enum(topUpRequestStatuses).optional(), ...organisationFilter, ...dateRange })
  .superRefine(endNotBeforeStart);
export type LogTopUpRequestsQuery = z.infer<typeof logTopUpRequestsQuery>;

export const onlinePaymentsQuery = pageQuery
  .extend({ status: z.enum(onlinePaymentStatuses).optional(), ...organisationFilter, ...dateRange })
  .superRefine(endNotBeforeStart);
export type OnlinePaymentsQuery = z.infer<typeof onlinePaymentsQuery>;

export const invoicesQuery = pageQuery
  .extend({ search: z.string().trim().max(100).optional(), ...organisationFilter, ...dateRange })
  .superRefine(endNotBeforeStart);
export type InvoicesQuery = z.infer<typeof invoicesQuery>;

export const paymentsResponse = envelope({ payments: listOf(paymentDto) });
export const paymentResponse = envelope({ payment: paymentDto });
export const logTopUpsResponse = envelope({ logTopUps: listOf(logTopUpDto) });
export const logCreditsResponse = envelope({ logCredits: listOf(logCreditDto) });
export const logCreditResponse = envelope({ logCredit: logCreditDto });
export const logTopUpRequestsResponse = envelope({ logTopUpRequests: listOf(logTopUpRequestDto) });
export const logTopUpRequestResponse = envelope({ logTopUpRequest: logTopUpRequestDto });
export const onlinePaymentsResponse = envelope({ onlinePayments: listOf(onlinePaymentDto) });
export const onlinePaymentResponse = envelope({ onlinePayment: onlinePaymentDto });
export const invoicesResponse = envelope({ invoices: listOf(invoiceDto) });
export const invoiceResponse = envelope({ invoice: invoiceDto });
export const paymentsOverviewResponse = envelope({ paymentsOverview: paymentsOverviewDto });
export const paymentsSetupResponse = envelope({ paymentsSetup: paymentsSetupDto });

/** How many days back the balance trend goes (today included). */
export const BALANCE_HISTORY_DAYS = 90;
export const balanceHistoryQuery = z.object({
  days: z.coerce.number().int().min(7).max(366).default(BALANCE_HISTORY_DAYS),
});
export type BalanceHistoryQuery = z.infer<typeof balanceHistoryQuery>;

/** The balances at the end of one UTC day (`YYYY-MM-DD`), minor units. */
export const balanceDayDto = z.object({
  date: z.string(),
  balance: z.number().int(),
  /** An advertiser's agency-funded balance; null for an agency. */
  balanceAgency: z.number().int().nullable(),
  /** An agency's commission account; null for an advertiser. */
  commission: z.number().int().nullable(),
});
export type BalanceDayDto = z.infer<typeof balanceDayDto>;

/** The organisation's closing balance of every day of the period, oldest first. */
export const balanceHistoryDto = z.object({
  currency: currencyRef.nullable(),
  /** Whether any money moved in the period (otherwise the line is flat). */
  moved: z.boolean(),
  days: z.array(balanceDayDto),
});
export type BalanceHistoryDto = z.infer<typeof balanceHistoryDto>;
export const balanceHistoryResponse = envelope({ balanceHistory: balanceHistoryDto });

// --- What the forms send --------------------------------------------------------------------

/** Admin: top up by hand, correct (either sign) or refund an organisation's balance. */
export const manualOperationTypes = ['manual_top_up', 'correction', 'refund'] as const;
export const manualOperationBody = z
  .object({
    type: z.enum(manualOperationTypes),
    amount: z
      .number({ error: paymentMessages.amountPositive })
      .int(paymentMessages.amountPositive)
      .min(-MAX_AMOUNT, paymentMessages.amountTooLarge)
      .max(MAX_AMOUNT, paymentMessages.amountTooLarge),
    reason: reasonField,
  })
  .superRefine((body, ctx) => {
    if (body.type === 'correction' && body.amount === 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: paymentMessages.correctionNotZero });
    if (body.type !== 'correction' && body.amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: paymentMessages.amountPositive });
  });
export type ManualOperationBody = z.infer<typeof manualOperationBody>;

/** Agency: fund one of its advertisers from its balance, or take unspent funding back. */
export const transferDirections = ['to_advertiser', 'from_advertiser'] as const;
export const transferBody = z.object({
  advertiserId: z.number({ error: paymentMessages.notOwnAdvertiser }).int().positive(),
  amount: positiveMinorUnits,
  direction: z.enum(transferDirections).default('to_advertiser'),
  reason: optionalText(500),
});
export type TransferBody = z.infer<typeof transferBody>;

/** Admin: set an organisation's credit limit, with the reason kept in the log. */
export const creditLimitBody = z
  .object({
    agencyId: z.number().int().positive().optional(),
    advertiserId: z.number().int().positive().optional(),
    creditLimit: minorUnitsField,
    useCreditLimit: z.boolean(),
    reason: reasonField,
  })
  .superRefine((body, ctx) => {
    if ((body.agencyId === undefined) === (body.advertiserId === undefined))
      ctx.addIssue({ code: 'custom', path: ['agencyId'], message: paymentMessages.oneOrganisation });
  });
export type CreditLimitBody = z.infer<typeof creditLimitBody>;

/** Agency or advertiser: ask to top up by bank transfer (the net amount to credit). */
export const topUpRequestBody = z.object({ amount: positiveMinorUnits, comment: optionalText(1000) });
export type TopUpRequestBody = z.infer<typeof topUpRequestBody>;

/** Admin: accept (the money is credited) or reject (with a reason) a top-up request. */
export const topUpRequestStatusBody = z
  .object({ status: z.enum(['accepted', 'rejected']), reason: optionalText(500) })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: paymentMessages.rejectionReasonRequired });
  });
export type TopUpRequestStatusBody = z.infer<typeof topUpRequestStatusBody>;

/** Agency or advertiser: pay online (the net amount to credit; tax is added on top). */
export const onlineTopUpBody = z.object({ amount: positiveMinorUnits });
export type OnlineTopUpBody = z.infer<typeof onlineTopUpBody>;

/** Send an invoice by e-mail: to the buyer's billing e-mail unless another address is given. */
export const sendInvoiceBody = z.object({ email: z.email().max(254).optional() });
export type SendInvoiceBody = z.infer<typeof sendInvoiceBody>;

/** `GET invoices/:id/pdf`: shown inline (preview) unless `download` asks for a file. */
export const invoicePdfQuery = z.object({ download: z.enum(['0', '1']).optional() });

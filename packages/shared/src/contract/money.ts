import { accountKinds } from '../enums';
import { statusBody } from '../schemas/common';
import {
  balanceHistoryQuery,
  balanceHistoryResponse,
  creditLimitBody,
  invoicesQuery,
  invoicesResponse,
  logCreditResponse,
  logCreditsQuery,
  logCreditsResponse,
  logTopUpRequestResponse,
  logTopUpRequestsQuery,
  logTopUpRequestsResponse,
  manualOperationBody,
  onlinePaymentResponse,
  onlinePaymentsQuery,
  onlinePaymentsResponse,
  onlineTopUpBody,
  paymentResponse,
  paymentsOverviewResponse,
  paymentsQuery,
  paymentsResponse,
  paymentsSetupResponse,
  sendInvoiceBody,
  topUpRequestBody,
  topUpRequestStatusBody,
  transferBody,
} from '../schemas/payments';
import { statementResponse } from '../schemas/statements';
import { route } from './route';

/** Balances, movements, credit, online payments and transfers (`money/payments`, `money/online-payments`). */
export const payments = {
  overview: route('GET', '/:panel/payments/overview', {
    panels: ['agency', 'advertiser'],
    response: paymentsOverviewResponse,
  }),
  balanceHistory: route('GET', '/:panel/payments/balance-history', {
    panels: ['agency', 'advertiser'],
    query: balanceHistoryQuery,
    response: balanceHistoryResponse,
  }),
  list: route('GET', '/:panel/payments', {
    panels: accountKinds,
    query: paymentsQuery,
    response: paymentsResponse,
  }),
  logCredits: route('GET', '/:panel/log-credits', {
    panels: accountKinds,
    query: logCreditsQuery,
    response: logCreditsResponse,
  }),
  onlinePayments: route('GET', '/:panel/payments/online', {
    panels: accountKinds,
    query: onlinePaymentsQuery,
    response: onlinePaymentsResponse,
  }),
  onlinePayment: route('GET', '/:panel/payments/online/:id', {
    panels: accountKinds,
    response: onlinePaymentResponse,
  }),
  startOnline: route('POST', '/:panel/payments/online', {
    panels: ['agency', 'advertiser'],
    body: onlineTopUpBody,
    response: onlinePaymentResponse,
  }),
  transfer: route('POST', '/agency/payments/transfers', { body: transferBody, response: paymentResponse }),
  setup: route('GET', '/admin/payments/setup', { response: paymentsSetupResponse }),
  setCreditLimit: route('POST', '/admin/log-credits', { body: creditLimitBody, response: logCreditResponse }),
  topUpAgency: route('POST', '/admin/agencies/:id/top-ups', {
    body: manualOperationBody,
    response: paymentResponse,
  }),
  topUpAdvertiser: route('POST', '/admin/advertisers/:id/top-ups', {
    body: manualOperationBody,
    response: paymentResponse,
  }),
};

/** Top-ups by bank transfer: asked for by organisations, decided by the admin (`money/payments`). */
export const topUpRequests = {
  list: route('GET', '/:panel/log-top-up-requests', {
    panels: accountKinds,
    query: logTopUpRequestsQuery,
    response: logTopUpRequestsResponse,
  }),
  one: route('GET', '/:panel/log-top-up-requests/:id', {
    panels: accountKinds,
    response: logTopUpRequestResponse,
  }),
  create: route('POST', '/:panel/log-top-up-requests', {
    panels: ['agency', 'advertiser'],
    body: topUpRequestBody,
    response: logTopUpRequestResponse,
  }),
  decide: route('PUT', '/admin/log-top-up-requests/:id/status', {
    body: topUpRequestStatusBody,
    response: logTopUpRequestResponse,
  }),
};

/** Invoices (`money/invoices`); their PDFs are files, fetched by path. */
export const invoices = {
  list: route('GET', '/:panel/invoices', {
    panels: accountKinds,
    query: invoicesQuery,
    response: invoicesResponse,
  }),
  send: route('POST', '/:panel/invoices/:id/send', {
    panels: accountKinds,
    body: sendInvoiceBody,
    response: statusBody,
  }),
};

/**
 * Monthly statements (`money/statements`): an organisation's own, an agency's advertiser's, any
 * organisation's for the admin. Their CSV and PDF are files, fetched by path (`.../download`).
 */
export const statements = {
  own: route('GET', '/:panel/statements/:month', {
    panels: ['agency', 'advertiser'],
    response: statementResponse,
  }),
  agencyAdvertiser: route('GET', '/agency/advertisers/:id/statements/:month', {
    response: statementResponse,
  }),
  adminAgency: route('GET', '/admin/agencies/:id/statements/:month', { response: statementResponse }),
  adminAdvertiser: route('GET', '/admin/advertisers/:id/statements/:month', { response: statementResponse }),
};

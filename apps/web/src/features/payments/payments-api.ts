import type { OrganisationKind } from '@rtb/shared';
import { type BodyOf, contract } from '@rtb/shared/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type RequestOptions } from '../../lib/api-client';

/** The panels with a payments page: the admin's lists every organisation's records. */
export type PaymentsPanel = OrganisationKind | 'admin';
type Params = RequestOptions['params'];

/** Every money query starts with 'payments': a money call refreshes them all at once. */
export const paymentsKeys = {
  all: ['payments'] as const,
  overview: (kind: OrganisationKind) => ['payments', kind, 'overview'] as const,
  balanceHistory: (kind: OrganisationKind) => ['payments', kind, 'balance-history'] as const,
  transactions: (panel: PaymentsPanel, params: Params) =>
    ['payments', panel, 'transactions', params] as const,
  credits: (panel: PaymentsPanel, params: Params) => ['payments', panel, 'credits', params] as const,
  onlinePayments: (panel: PaymentsPanel, params: Params) => ['payments', panel, 'online', params] as const,
  onlinePayment: (kind: OrganisationKind, id: number) => ['payments', kind, 'online', id] as const,
  statement: (kind: OrganisationKind, whose: 'own' | number, month: string) =>
    ['payments', kind, 'statement', whose, month] as const,
};

/** Balances, credit, billing completeness and the ways to top up. */
export function usePaymentsOverview(kind: OrganisationKind) {
  return useQuery({
    queryKey: paymentsKeys.overview(kind),
    queryFn: async () =>
      (await api.call(contract.payments.overview, { path: { panel: kind } })).data.paymentsOverview,
  });
}

/** The closing balance of each of the last 90 days. */
export function useBalanceHistory(kind: OrganisationKind) {
  return useQuery({
    queryKey: paymentsKeys.balanceHistory(kind),
    queryFn: async () =>
      (await api.call(contract.payments.balanceHistory, { path: { panel: kind } })).data.balanceHistory,
  });
}

/** A page of balance movements (the Transactions tab). */
export function usePayments(panel: PaymentsPanel, params: Params) {
  return useQuery({
    queryKey: paymentsKeys.transactions(panel, params),
    queryFn: async () =>
      (await api.call(contract.payments.list, { path: { panel }, query: params })).data.payments,
    placeholderData: keepPreviousData,
  });
}

/** A page of credit limit changes (the Credit changes tab). */
export function useLogCredits(panel: PaymentsPanel, params: Params) {
  return useQuery({
    queryKey: paymentsKeys.credits(panel, params),
    queryFn: async () =>
      (await api.call(contract.payments.logCredits, { path: { panel }, query: params })).data.logCredits,
    placeholderData: keepPreviousData,
  });
}

/** A page of online payments (the Online payments tab). */
export function useOnlinePayments(panel: PaymentsPanel, params: Params) {
  return useQuery({
    queryKey: paymentsKeys.onlinePayments(panel, params),
    queryFn: async () =>
      (await api.call(contract.payments.onlinePayments, { path: { panel }, query: params })).data
        .onlinePayments,
    placeholderData: keepPreviousData,
  });
}

/** One online payment, asked again every few seconds while the provider has not answered. */
export function useOnlinePayment(kind: OrganisationKind, id: number | null) {
  return useQuery({
    queryKey: paymentsKeys.onlinePayment(kind, id ?? 0),
    queryFn: async () =>
      (await api.call(contract.payments.onlinePayment, { path: { panel: kind, id: id ?? 0 } })).data
        .onlinePayment,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });
}

/** Starts an online top-up: the checkout page's address comes back. */
export const startOnlineTopUp = async (kind: OrganisationKind, amount: number, idempotencyKey: string) =>
  (await api.call(contract.payments.startOnline, { path: { panel: kind }, body: { amount }, idempotencyKey }))
    .data.onlinePayment;

/** Asks to top up by bank transfer: the request with its transfer title and bank account comes back. */
export const requestBankTopUp = async (
  kind: OrganisationKind,
  body: BodyOf<typeof contract.topUpRequests.create>,
  idempotencyKey: string,
) =>
  (await api.call(contract.topUpRequests.create, { path: { panel: kind }, body, idempotencyKey })).data
    .logTopUpRequest;

/** Moves money between the agency and one of its advertisers. */
export const transferToAdvertiser = async (
  body: BodyOf<typeof contract.payments.transfer>,
  idempotencyKey: string,
) => (await api.call(contract.payments.transfer, { body, idempotencyKey })).data.payment;

/** After any money call: balances, trend and lists are read again. */
export function useRefreshMoney() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: paymentsKeys.all }), [client]);
}

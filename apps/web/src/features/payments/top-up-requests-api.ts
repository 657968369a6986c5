import type { AccountKind, LogTopUpRequestDto, TopUpRequestStatusBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

export type TopUpRequestsPanel = AccountKind;

/** Under 'payments', so that every money call refreshes the requests too (`useRefreshMoney`). */
export const topUpRequestsKeys = {
  list: (panel: TopUpRequestsPanel, params: RequestOptions['params']) =>
    ['payments', panel, 'top-up-requests', 'list', params] as const,
  detail: (panel: TopUpRequestsPanel, id: number) =>
    ['payments', panel, 'top-up-requests', 'detail', id] as const,
};

/** A request's proforma PDF (what to pay, and where). */
export const proformaPath = (panel: TopUpRequestsPanel, id: number) =>
  `/${panel}/log-top-up-requests/${id}/proforma`;

export function useTopUpRequests(
  panel: TopUpRequestsPanel,
  params: RequestOptions['params'],
  enabled = true,
) {
  return useQuery({
    queryKey: topUpRequestsKeys.list(panel, params),
    queryFn: async () =>
      (await api.call(contract.topUpRequests.list, { path: { panel }, query: params })).data.logTopUpRequests,
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** One request, starting from its list row (a decision replaces it). */
export function useTopUpRequest(panel: TopUpRequestsPanel, row: LogTopUpRequestDto) {
  return useQuery({
    queryKey: topUpRequestsKeys.detail(panel, row.id),
    queryFn: async () =>
      (await api.call(contract.topUpRequests.one, { path: { panel, id: row.id } })).data.logTopUpRequest,
    initialData: row,
    staleTime: 30_000,
  });
}

/** Admin: accept or reject; a retry of the same decision sends the same Idempotency-Key. */
export const decideTopUpRequest = (id: number, body: TopUpRequestStatusBody, idempotencyKey: string) =>
  api.call(contract.topUpRequests.decide, { path: { id }, body, idempotencyKey });

import { type OrganisationKind, type RegulationDto, type RegulationType, regulationTypes } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ApiError, api, publicApi, type RequestOptions } from '../../lib/api-client';
import { failureText as callFailureText } from '../../shell/form/failure-text';

/** The pages' routes (spec section 2: /terms-of-service/:type and regulations/single). */
export const termsPath = (type: RegulationType) => `/terms-of-service/${type}`;
export const REGULATION_PATH = '/panel/admin/regulations/single';
export const regulationPath = (id: number) => `${REGULATION_PATH}?id=${id}`;
export const newRegulationPath = (type: RegulationType) => `${REGULATION_PATH}?type=${type}`;
export const REGULATIONS_TAB_PATH = '/panel/admin/configs?tab=regulations';

export const isRegulationType = (value: string | null | undefined): value is RegulationType =>
  (regulationTypes as readonly string[]).includes(value ?? '');

export const regulationsKeys = {
  all: ['regulations'] as const,
  admin: ['regulations', 'admin'] as const,
  list: (params: RequestOptions['params']) => ['regulations', 'admin', 'list', params] as const,
  detail: (id: number) => ['regulations', 'admin', 'detail', id] as const,
  log: (params: RequestOptions['params']) => ['regulations', 'admin', 'log', params] as const,
  current: (type: RegulationType, locale: string) => ['regulations', 'current', type, locale] as const,
  me: (kind: OrganisationKind, locale: string) => ['regulations', 'me', kind, locale] as const,
};

/** The current document of a type in a language (English when it has no such translation). */
export function useCurrentRegulation(type: RegulationType | null, locale: string) {
  return useQuery({
    queryKey: regulationsKeys.current(type ?? 'terms-of-service', locale),
    queryFn: async () =>
      (await publicApi.call(contract.regulations.current, { query: { type: type ?? undefined, locale } }))
        .data.regulations[0] ?? null,
    enabled: type !== null,
  });
}

export function useRegulations(params: RequestOptions['params']) {
  return useQuery({
    queryKey: regulationsKeys.list(params),
    queryFn: async () => (await api.call(contract.regulations.list, { query: params })).data.regulations,
    placeholderData: (previous) => previous,
  });
}

export function useRegulation(id: number | null) {
  return useQuery({
    queryKey: regulationsKeys.detail(id ?? 0),
    queryFn: async () =>
      (await api.call(contract.regulations.one, { path: { id: id ?? 0 } })).data.regulation,
    enabled: id !== null,
    retry: false,
  });
}

export function useLogRegulations(params: RequestOptions['params']) {
  return useQuery({
    queryKey: regulationsKeys.log(params),
    queryFn: async () => (await api.call(contract.regulations.log, { query: params })).data.logRegulations,
    placeholderData: (previous) => previous,
  });
}

/** After a change: the admin lists and versions, and the current documents everyone reads. */
function useRefreshRegulations() {
  const client = useQueryClient();
  return (saved: RegulationDto) => {
    client.setQueryData(regulationsKeys.detail(saved.id), saved);
    void client.invalidateQueries({ queryKey: regulationsKeys.all });
  };
}

/** PUT /admin/regulations/{id}/enabled. */
export function useSetRegulationEnabled() {
  const refresh = useRefreshRegulations();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) =>
      (await api.call(contract.regulations.setEnabled, { path: { id }, body: { enabled } })).data.regulation,
    onSuccess: refresh,
  });
}

/** POST /admin/regulations (a new version) or PUT /admin/regulations/{id} (its texts). */
export function useSaveRegulation() {
  const refresh = useRefreshRegulations();
  return async (
    target: { type: RegulationType } | { id: number },
    texts: { locale: string; title: string; content: string }[],
  ) => {
    const res =
      'id' in target
        ? await api.call(contract.regulations.update, { path: { id: target.id }, body: { texts } })
        : await api.call(contract.regulations.create, { body: { type: target.type, texts } });
    refresh(res.data.regulation);
    return res.data.regulation;
  };
}

/** The organisation's state: the current documents and whether it accepted them. */
export function useMeRegulation(kind: OrganisationKind, locale: string) {
  return useQuery({
    queryKey: regulationsKeys.me(kind, locale),
    queryFn: async () =>
      (await api.call(contract.regulations.ofOrganisation, { path: { panel: kind }, query: { locale } }))
        .data,
  });
}

/** POST /{kind}/me/regulation: accept these current documents for the organisation. */
export function useAcceptRegulations(kind: OrganisationKind, locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (regulationIds: number[]) =>
      (
        await api.call(contract.regulations.accept, {
          path: { panel: kind },
          query: { locale },
          body: { regulationIds },
        })
      ).data,
    onSuccess: (state) => {
      client.setQueryData(regulationsKeys.me(kind, locale), state);
      void client.invalidateQueries({ queryKey: ['regulations', 'me', kind] });
    },
    // A refusal may mean a newer version was published meanwhile: show what is current now.
    onError: () => void client.invalidateQueries({ queryKey: ['regulations', 'me', kind] }),
  });
}

/** The message of a failed call, for a toast or a form. */
export const failureText = (t: TFunction, error: ApiError): string => callFailureText(t, error);

import type { AudienceBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

type Params = RequestOptions['params'];

/** Where audiences are made: the integrations page's tab. */
export const audiencesPath = '/panel/advertiser/integrations?tab=audiences';

export const audiencesKeys = {
  all: ['audiences'] as const,
  list: (params: Params) => ['audiences', 'list', params] as const,
  choices: ['audiences', 'choices'] as const,
};

export function useAudiences(params: Params) {
  return useQuery({
    queryKey: audiencesKeys.list(params),
    queryFn: async () => (await api.call(contract.audiences.list, { query: params })).data.audiences,
    placeholderData: keepPreviousData,
  });
}

/** The advertiser's audiences to pick from in a campaign (the newest 100, with their sizes). */
export function useAudienceChoices() {
  return useQuery({
    queryKey: audiencesKeys.choices,
    queryFn: async () =>
      (await api.call(contract.audiences.list, { query: { perPage: 100 } })).data.audiences.elements,
  });
}

/** Creates an audience, or replaces one's settings (`id`). */
export function useSaveAudience(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AudienceBody) =>
      (id === null
        ? await api.call(contract.audiences.create, { body })
        : await api.call(contract.audiences.update, { path: { id }, body })
      ).data.audience,
    onSuccess: () => void client.invalidateQueries({ queryKey: audiencesKeys.all }),
  });
}

export function useDeleteAudience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.call(contract.audiences.remove, { path: { id } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: audiencesKeys.all }),
  });
}

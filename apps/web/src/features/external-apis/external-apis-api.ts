import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

/** The filters the list keeps in the URL, next to page and search. */
export const externalApiFilterKeys = ['service', 'outcome', 'from', 'to'] as const;
export type ExternalApiFilterKey = (typeof externalApiFilterKeys)[number];

export function useExternalApiLog(params: RequestOptions['params']) {
  return useQuery({
    queryKey: ['log-external-apis', params],
    queryFn: async ({ signal }) =>
      (await api.call(contract.externalApis.log, { query: params, signal })).data.logExternalApis,
    placeholderData: (previous) => previous,
  });
}

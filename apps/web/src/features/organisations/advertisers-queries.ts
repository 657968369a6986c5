import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

/**
 * The panels that manage advertisers: the admin's (every advertiser) and the agency's (its own,
 * `/api/agency/advertisers`).
 */
export type AdvertisersPanel = 'admin' | 'agency';

/** The list page (spec section 2: advertisers). */
export const advertisersPath = (panel: AdvertisersPanel) => `/panel/${panel}/advertisers`;

/**
 * An advertiser's page, or a new advertiser's without an id: the admin's `advertisers/single?id=N`,
 * the agency's `advertisers/N` and `advertisers/new` (spec section 2).
 */
export const advertiserPath = (panel: AdvertisersPanel, id?: number) =>
  panel === 'agency'
    ? `${advertisersPath(panel)}/${id ?? 'new'}`
    : `${advertisersPath(panel)}/single${id === undefined ? '' : `?id=${id}`}`;
/** The admin's list of one agency's advertisers. */
export const agencyAdvertisersPath = (agencyId: number) => `${advertisersPath('admin')}?agencyId=${agencyId}`;
/** The admin's new advertiser under the agency. */
export const newAdvertiserPath = (agencyId: number) =>
  `${advertisersPath('admin')}/single?agencyId=${agencyId}`;

export const advertisersKeys = {
  all: (panel: AdvertisersPanel) => ['advertisers', panel] as const,
  list: (panel: AdvertisersPanel, params: RequestOptions['params']) =>
    ['advertisers', panel, 'list', params] as const,
  detail: (panel: AdvertisersPanel, id: number) => ['advertisers', panel, 'detail', id] as const,
};

/** The panel's advertisers; not asked while `enabled` is false (e.g. without advertisers read). */
export function useAdvertisers(panel: AdvertisersPanel, params: RequestOptions['params'], enabled = true) {
  return useQuery({
    queryKey: advertisersKeys.list(panel, params),
    queryFn: async () =>
      (panel === 'admin'
        ? await api.call(contract.advertisers.list, { query: params })
        : await api.call(contract.advertisers.agencyList, { query: params })
      ).data.advertisers,
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useAdvertiser(panel: AdvertisersPanel, id: number | null) {
  return useQuery({
    queryKey: advertisersKeys.detail(panel, id ?? 0),
    queryFn: async () =>
      (await api.call(contract.advertisers.one, { path: { panel, id: id ?? 0 } })).data.advertiser,
    enabled: id !== null,
    retry: false,
  });
}

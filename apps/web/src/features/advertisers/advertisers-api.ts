import { type AdvertiserDto, advertiserMessages } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ApiError, api, type RequestOptions } from '../../lib/api-client';
import type { List } from '../agencies/agencies-api';
import { failureText, localiseOrganisationMessage } from '../organisations/organisation-messages';
import './texts';

/** The pages' routes (spec section 2: advertisers, advertisers/single). */
export const ADVERTISERS_PATH = '/panel/admin/advertisers';
export const advertiserPath = (id?: number) =>
  id === undefined ? `${ADVERTISERS_PATH}/single` : `${ADVERTISERS_PATH}/single?id=${id}`;
/** The list of one agency's advertisers. */
export const agencyAdvertisersPath = (agencyId: number) => `${ADVERTISERS_PATH}?agencyId=${agencyId}`;
/** A new advertiser under the agency. */
export const newAdvertiserPath = (agencyId: number) => `${ADVERTISERS_PATH}/single?agencyId=${agencyId}`;

export const advertisersKeys = {
  all: ['advertisers'] as const,
  list: (params: RequestOptions['params']) => ['advertisers', 'list', params] as const,
  detail: (id: number) => ['advertisers', 'detail', id] as const,
};

export function useAdvertisers(params: RequestOptions['params']) {
  return useQuery({
    queryKey: advertisersKeys.list(params),
    queryFn: async () =>
      (await api.get<{ data: { advertisers: List<AdvertiserDto> } }>('/admin/advertisers', params)).data
        .advertisers,
    placeholderData: (previous) => previous,
  });
}

export function useAdvertiser(id: number | null) {
  return useQuery({
    queryKey: advertisersKeys.detail(id ?? 0),
    queryFn: async () =>
      (await api.get<{ data: { advertiser: AdvertiserDto } }>(`/admin/advertisers/${id}`)).data.advertiser,
    enabled: id !== null,
    retry: false,
  });
}

const ownTexts: ReadonlyMap<string, string> = new Map(
  Object.entries(advertiserMessages).map(([key, text]) => [text, `advertisers:messages.${key}`]),
);

/** A message of the advertisers endpoints in the interface language. */
export const localiseAdvertiserMessage = (t: TFunction, message: string, value?: unknown) =>
  localiseOrganisationMessage(t, message, value, ownTexts);

/** The message of a failed load or action, for a state or a toast. */
export const advertiserFailureText = (t: TFunction, error: ApiError) => failureText(t, error, ownTexts);

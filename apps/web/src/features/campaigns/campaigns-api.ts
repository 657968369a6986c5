import {
  audienceMessages,
  type BannerDto,
  type CampaignBody,
  type CampaignDto,
  type CampaignListItemDto,
  type CampaignSettingsDto,
  type CampaignStatus,
  campaignMessages,
  dateMessages,
  type PageMeta,
} from '@rtb/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';
import { featureMessages } from '../../shell/form/feature-messages';
import './texts';

type Params = RequestOptions['params'];
type List<T> = { elements: T[]; meta: PageMeta };
/** The bulk answer: who moved, and who stayed with why (a `campaignMessages` text). */
export type BulkResult = { updated: number[]; skipped: { id: number; message: string }[] };
export type BulkStatus = 'active' | 'paused' | 'archived';

/** The API's campaign texts (field errors, skipped reasons) in the interface language. */
export const campaignMessagesOf = featureMessages('campaigns', campaignMessages, dateMessages, {
  audienceNotFound: audienceMessages.audienceNotFound,
  includedAndExcluded: audienceMessages.includedAndExcluded,
});

/** The advertiser's pages. */
export const campaignsPath = '/panel/advertiser/campaigns';
export const campaignPath = (id?: number) => `${campaignsPath}/${id ?? 'new'}`;

const own = '/advertiser/campaigns';

export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: (params: Params) => ['campaigns', 'advertiser', 'list', params] as const,
  detail: (id: number) => ['campaigns', 'advertiser', 'detail', id] as const,
  settings: ['campaigns', 'advertiser', 'settings'] as const,
  banners: ['campaigns', 'advertiser', 'banners'] as const,
  admin: (params: Params) => ['campaigns', 'admin', 'list', params] as const,
};

export function useCampaigns(params: Params) {
  return useQuery({
    queryKey: campaignsKeys.list(params),
    queryFn: async () =>
      (await api.get<{ data: { campaigns: List<CampaignListItemDto> } }>(own, params)).data.campaigns,
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: campaignsKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<{ data: { campaign: CampaignDto } }>(`${own}/${id}`)).data.campaign,
    enabled: id !== null,
    retry: false,
  });
}

/** The form's config values: currency, time zone, minimums, the platform margin, countries. */
export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignsKeys.settings,
    queryFn: async () =>
      (await api.get<{ data: { campaignSettings: CampaignSettingsDto } }>(`${own}/settings`)).data
        .campaignSettings,
    staleTime: 5 * 60_000,
  });
}

/** The advertiser's banners to pick from (the newest 100). */
export function useBannerChoices() {
  return useQuery({
    queryKey: campaignsKeys.banners,
    queryFn: async () =>
      (
        await api.get<{ data: { banners: List<BannerDto> } }>('/advertiser/banners', {
          perPage: 100,
          sort: 'createdAt',
          order: 'desc',
        })
      ).data.banners.elements,
  });
}

/** Creates a campaign, or replaces one (`id`). */
export function useSaveCampaign(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CampaignBody) =>
      (id === null
        ? await api.post<{ data: { campaign: CampaignDto } }>(own, body)
        : await api.put<{ data: { campaign: CampaignDto } }>(`${own}/${id}`, body)
      ).data.campaign,
    onSuccess: (campaign) => {
      client.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      void client.invalidateQueries({ queryKey: [...campaignsKeys.all, 'advertiser', 'list'] });
    },
  });
}

export function useCampaignStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (status: CampaignStatus) =>
      (await api.put<{ data: { campaign: CampaignDto } }>(`${own}/${id}/status`, { status })).data.campaign,
    onSuccess: (campaign) => {
      client.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      void client.invalidateQueries({ queryKey: [...campaignsKeys.all, 'advertiser', 'list'] });
    },
  });
}

export function useBulkStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { ids: number[]; status: BulkStatus }) =>
      (await api.post<{ data: { campaignBulk: BulkResult } }>(`${own}/bulk-status`, body)).data.campaignBulk,
    onSuccess: () => void client.invalidateQueries({ queryKey: campaignsKeys.all }),
  });
}

/** Copies a campaign; a retry with the same Idempotency-Key answers with the same copy. */
export function useDuplicateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      (
        await api.request<{ data: { campaign: CampaignDto } }>('POST', `${own}/${id}/duplicate`, {
          body: {},
          idempotencyKey,
        })
      ).data.campaign,
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: [...campaignsKeys.all, 'advertiser', 'list'] }),
  });
}

/** The admin's list of one advertiser's campaigns. */
export function useAdminCampaigns(params: Params) {
  return useQuery({
    queryKey: campaignsKeys.admin(params),
    queryFn: async () =>
      (await api.get<{ data: { campaigns: List<CampaignListItemDto> } }>('/admin/campaigns', params)).data
        .campaigns,
    placeholderData: keepPreviousData,
  });
}

/** The admin pauses a campaign or resumes it. */
export function useAdminCampaignStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 'active' | 'paused' }) =>
      (await api.put<{ data: { campaign: CampaignDto } }>(`/admin/campaigns/${id}/status`, { status })).data
        .campaign,
    onSuccess: () => void client.invalidateQueries({ queryKey: [...campaignsKeys.all, 'admin'] }),
  });
}

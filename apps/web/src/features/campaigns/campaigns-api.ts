import type { CampaignBody, CampaignStatus } from '@rtb/shared';
import { type BodyOf, contract, type ResponseOf } from '@rtb/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

type Params = RequestOptions['params'];
/** The bulk answer: who moved, and who stayed with why (a code of the error table). */
export type BulkResult = ResponseOf<typeof contract.campaigns.bulkStatus>['data']['campaignBulk'];
export type BulkStatus = BodyOf<typeof contract.campaigns.bulkStatus>['status'];
/** A bulk edit's body (campaigns and the one change), and its answer: each campaign's before and after, or why not. */
export type BulkEditBody = BodyOf<typeof contract.campaigns.bulkEdit>;
export type BulkEditResult = ResponseOf<typeof contract.campaigns.bulkEdit>['data']['campaignBulkEdit'];

/** The advertiser's pages. */
export const campaignsPath = '/panel/advertiser/campaigns';
export const campaignPath = (id?: number) => `${campaignsPath}/${id ?? 'new'}`;

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
    queryFn: async () => (await api.call(contract.campaigns.list, { query: params })).data.campaigns,
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: campaignsKeys.detail(id ?? 0),
    queryFn: async () => (await api.call(contract.campaigns.one, { path: { id: id ?? 0 } })).data.campaign,
    enabled: id !== null,
    retry: false,
  });
}

/** The form's config values: currency, time zone, minimums, the platform margin, countries. */
export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignsKeys.settings,
    queryFn: async () => (await api.call(contract.campaigns.settings)).data.campaignSettings,
    staleTime: 5 * 60_000,
  });
}

/** The advertiser's banners to pick from (the newest 100). */
export function useBannerChoices() {
  return useQuery({
    queryKey: campaignsKeys.banners,
    queryFn: async () =>
      (await api.call(contract.banners.list, { query: { perPage: 100, sort: 'createdAt', order: 'desc' } }))
        .data.banners.elements,
  });
}

/** Creates a campaign, or replaces one (`id`). */
export function useSaveCampaign(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CampaignBody) =>
      (id === null
        ? await api.call(contract.campaigns.create, { body })
        : await api.call(contract.campaigns.update, { path: { id }, body })
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
      (await api.call(contract.campaigns.setStatus, { path: { id }, body: { status } })).data.campaign,
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
      (await api.call(contract.campaigns.bulkStatus, { body })).data.campaignBulk,
    onSuccess: () => void client.invalidateQueries({ queryKey: campaignsKeys.all }),
  });
}

/** What a bulk edit would do to each campaign; changes nothing. */
export function useBulkEditPreview() {
  return useMutation({
    mutationFn: async (body: BulkEditBody) =>
      (await api.call(contract.campaigns.bulkEditPreview, { body })).data.campaignBulkEdit,
  });
}

/** Makes a bulk edit (all or none); a retry with the same Idempotency-Key does not make it twice. */
export function useBulkEdit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: BulkEditBody; idempotencyKey: string }) =>
      (await api.call(contract.campaigns.bulkEdit, { body, idempotencyKey })).data.campaignBulkEdit,
    onSuccess: () => void client.invalidateQueries({ queryKey: campaignsKeys.all }),
  });
}

/** Copies a campaign; a retry with the same Idempotency-Key answers with the same copy. */
export function useDuplicateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      (await api.call(contract.campaigns.duplicate, { path: { id }, idempotencyKey })).data.campaign,
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: [...campaignsKeys.all, 'advertiser', 'list'] }),
  });
}

/** The admin's list of one advertiser's campaigns. */
export function useAdminCampaigns(params: Params) {
  return useQuery({
    queryKey: campaignsKeys.admin(params),
    queryFn: async () => (await api.call(contract.campaigns.adminList, { query: params })).data.campaigns,
    placeholderData: keepPreviousData,
  });
}

/** The admin pauses a campaign or resumes it. */
export function useAdminCampaignStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 'active' | 'paused' }) =>
      (await api.call(contract.campaigns.adminSetStatus, { path: { id }, body: { status } })).data.campaign,
    onSuccess: () => void client.invalidateQueries({ queryKey: [...campaignsKeys.all, 'admin'] }),
  });
}

import type { BannerReviewBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

type Params = RequestOptions['params'];

/** Every key starts with `banner-reviews`: one invalidation refreshes the queue, its count and the lists. */
export const reviewKeys = {
  all: ['banner-reviews'] as const,
  queue: (params: Params) => ['banner-reviews', 'queue', params] as const,
  count: ['banner-reviews', 'count'] as const,
  banner: (id: number) => ['banner-reviews', 'banner', id] as const,
  ofAdvertiser: (advertiserId: number, page: number) =>
    ['banner-reviews', 'advertiser', advertiserId, page] as const,
};

const queue = async (params: Params) =>
  (await api.call(contract.bannerReviews.queue, { query: params })).data.banners;

/** The creatives waiting for review, oldest first. */
export function useReviewQueue(params: Params) {
  return useQuery({
    queryKey: reviewKeys.queue(params),
    queryFn: () => queue(params),
    placeholderData: keepPreviousData,
  });
}

/** How many creatives wait (the tab's badge). */
export function useReviewCount() {
  return useQuery({
    queryKey: reviewKeys.count,
    queryFn: async () => (await queue({ page: 1, perPage: 1 })).meta.total,
  });
}

/** One creative as the admin sees it now (it may have been decided meanwhile). */
export function useAdminBanner(id: number) {
  return useQuery({
    queryKey: reviewKeys.banner(id),
    queryFn: async () => (await api.call(contract.bannerReviews.one, { path: { id } })).data.banner,
  });
}

/** One advertiser's creatives, a page at a time, newest first. */
export function useAdvertiserBanners(advertiserId: number, page: number) {
  return useQuery({
    queryKey: reviewKeys.ofAdvertiser(advertiserId, page),
    queryFn: async () =>
      (await api.call(contract.bannerReviews.list, { query: { advertiserId, page } })).data.banners,
    placeholderData: keepPreviousData,
  });
}

/** Approve, or reject with a reason; the queue, its count and the lists are read again. */
export function useReviewBanner(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BannerReviewBody) =>
      (await api.call(contract.bannerReviews.review, { path: { id }, body })).data.banner,
    onSuccess: (banner) => {
      client.setQueryData(reviewKeys.banner(id), banner);
      void client.invalidateQueries({
        queryKey: reviewKeys.all,
        predicate: (query) => query.queryKey[1] !== 'banner',
      });
    },
  });
}

/** The admin's link to review a creative: the advertisers page's queue tab with its panel open. */
export const reviewPath = (id: number) => `/panel/admin/advertisers?tab=creatives&banner=${id}`;

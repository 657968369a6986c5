import { useBanners } from '../banners';

/** The advertiser's dynamic banners (the newest 100), with the newest approved and the newest in review. */
export function useDynamicBanners() {
  const query = useBanners({ type: 'dynamic', perPage: 100, sort: 'createdAt', order: 'desc' });
  const elements = query.data?.elements ?? [];
  return {
    data: query.data,
    error: query.error,
    refetch: query.refetch,
    approved: elements.find((banner) => banner.status === 'approved') ?? null,
    pending: elements.find((banner) => banner.status === 'pending') ?? null,
  };
}

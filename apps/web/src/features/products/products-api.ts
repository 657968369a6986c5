import type { FeedImport, ProductFeed, ProductFeedBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type RequestOptions, type UploadProgress } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';

type Params = RequestOptions['params'];

/** How often the feed is read again while its newest import is queued or running. */
const IMPORT_POLL_MS = 1000;

export const productsKeys = {
  feed: ['products', 'feed'] as const,
  imports: (page: number) => ['products', 'imports', page] as const,
  rejections: (id: number, page: number) => ['products', 'rejections', id, page] as const,
  list: (params: Params) => ['products', 'list', params] as const,
  facets: ['products', 'facets'] as const,
  detail: (key: number) => ['products', 'detail', key] as const,
};

/** An import that has not ended yet. */
export const isImportActive = (feedImport: FeedImport | null | undefined) =>
  feedImport?.status === 'queued' || feedImport?.status === 'running';

/** The advertiser's feed (null until set up), read each second while an import runs. */
export function useProductFeed() {
  return useQuery({
    queryKey: productsKeys.feed,
    queryFn: async () => (await api.call(contract.products.feed)).data.productFeed,
    refetchInterval: (query) => (isImportActive(query.state.data?.lastImport) ? IMPORT_POLL_MS : false),
  });
}

/** After an import starts or ends: the feed, its history and the products are read again. */
export function useRefreshProducts() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: ['products'] }), [client]);
}

/** Sets the feed's source (a URL with its schedule, or uploads). */
export async function saveProductFeed(body: ProductFeedBody): Promise<ProductFeed> {
  return (await api.call(contract.products.saveFeed, { body })).data.productFeed;
}

/** Sets the feed's source, and reads the feed again. */
export function useSaveProductFeed() {
  const refresh = useRefreshProducts();
  return useMutation({ mutationFn: saveProductFeed, onSuccess: () => refresh() });
}

/** Uploads a feed file (the import runs on the server); a refused file is an ApiError. */
export async function uploadFeedFile(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<FeedImport> {
  const form = new FormData();
  form.set('file', file, file.name);
  return (await api.call(contract.products.uploadFeed, { formData: form, onUploadProgress: onProgress })).data
    .feedImport;
}

/** Fetches a URL feed now, out of its schedule. */
export function useRefreshFeedNow() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async () => (await api.call(contract.products.refreshFeed)).data.feedImport,
    onSuccess: () => refresh(),
  });
}

/** The feed's imports, newest first. */
export function useFeedImports(page: number) {
  return useQuery({
    queryKey: productsKeys.imports(page),
    queryFn: async () => (await api.call(contract.products.imports, { query: { page } })).data.feedImports,
    placeholderData: keepPreviousData,
  });
}

/** An import's rejected rows, in feed order. */
export function useFeedRejections(id: number, page: number) {
  return useQuery({
    queryKey: productsKeys.rejections(id, page),
    queryFn: async () =>
      (await api.call(contract.products.rejections, { path: { id }, query: { page } })).data.rejections,
    placeholderData: keepPreviousData,
  });
}

/** Saves an import's rejected rows as CSV (fetched with the session's headers, like any call). */
export async function downloadRejections(id: number): Promise<void> {
  saveBlob(
    await api.download(`/advertiser/product-feed/imports/${id}/rejections/download`),
    `feed-import-${id}-rejected.csv`,
  );
}

/**
 * The products, a page at a time: search, availability, brand, product type and state.
 * `enabled: false` for a user who may not read them.
 */
export function useProducts(params: Params, { enabled = true } = {}) {
  return useQuery({
    queryKey: productsKeys.list(params),
    queryFn: async () => (await api.call(contract.products.list, { query: params })).data.products,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The brands and product types of the advertiser's products, for the filters. */
export function useProductFacets() {
  return useQuery({
    queryKey: productsKeys.facets,
    queryFn: async () => (await api.call(contract.products.facets)).data.productFacets,
  });
}

export function useProduct(key: number) {
  return useQuery({
    queryKey: productsKeys.detail(key),
    queryFn: async () => (await api.call(contract.products.one, { path: { key } })).data.product,
  });
}

import type {
  BannerDto,
  BannerStatusBody,
  BannerUpdateBody,
  DynamicBannerBody,
  DynamicTemplate,
} from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { api, type RequestOptions, type UploadProgress } from '../../lib/api-client';

type Params = RequestOptions['params'];

/** The banners page with the dynamic banner's form open (the retargeting set-up links to it). */
export const newDynamicBannerPath = '/panel/advertiser/banners?new=dynamic';

export const bannersKeys = {
  all: ['banners'] as const,
  rules: ['banners', 'rules'] as const,
  list: (params: Params) => ['banners', 'list', params] as const,
  detail: (id: number) => ['banners', 'detail', id] as const,
};

/** The allowed sizes and limits, for the upload area. */
export function useBannerRules() {
  return useQuery({
    queryKey: bannersKeys.rules,
    queryFn: async () => (await api.call(contract.banners.rules)).data.bannerRules,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The advertiser's creatives, a page at a time. */
export function useBanners(params: Params) {
  return useQuery({
    queryKey: bannersKeys.list(params),
    queryFn: async () => (await api.call(contract.banners.list, { query: params })).data.banners,
    placeholderData: keepPreviousData,
  });
}

export function useBanner(id: number) {
  return useQuery({
    queryKey: bannersKeys.detail(id),
    queryFn: async () => (await api.call(contract.banners.one, { path: { id } })).data.banner,
  });
}

/** Uploads one file as a new creative, reporting the progress; a refused file is an ApiError. */
export async function uploadBanner(
  fields: { landingUrl: string; name?: string },
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<BannerDto> {
  const form = new FormData();
  form.set('landingUrl', fields.landingUrl);
  if (fields.name) form.set('name', fields.name);
  form.set('file', file, file.name);
  return (await api.call(contract.banners.upload, { formData: form, onUploadProgress: onProgress })).data
    .banner;
}

/** Creates a dynamic banner: its fields and template, and the logo in the same multipart request. */
export async function createDynamicBanner(body: DynamicBannerBody, logo: File): Promise<BannerDto> {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.set(key, value);
  form.set('file', logo, logo.name);
  return (await api.call(contract.banners.createDynamic, { formData: form })).data.banner;
}

/** After a change: the banner's panel shows the answer, and every list is read again. */
export function useRefreshBanners() {
  const client = useQueryClient();
  return useCallback(
    (banner?: BannerDto) => {
      if (banner) client.setQueryData(bannersKeys.detail(banner.id), banner);
      void client.invalidateQueries({ queryKey: ['banners', 'list'] });
    },
    [client],
  );
}

export function useUpdateBanner(id: number) {
  const refresh = useRefreshBanners();
  return useMutation({
    mutationFn: async (body: BannerUpdateBody) =>
      (await api.call(contract.banners.update, { path: { id }, body })).data.banner,
    onSuccess: (banner) => refresh(banner),
  });
}

/** A dynamic banner's new template (a change sends it to review again). */
export function useUpdateBannerTemplate(id: number) {
  const refresh = useRefreshBanners();
  return useMutation({
    mutationFn: async (template: DynamicTemplate) =>
      (await api.call(contract.banners.updateTemplate, { path: { id }, body: template })).data.banner,
    onSuccess: (banner) => refresh(banner),
  });
}

/** Archive (`archived`), or restore and resubmit (`pending`). */
export function useChangeBannerStatus(id: number) {
  const refresh = useRefreshBanners();
  return useMutation({
    mutationFn: async (status: BannerStatusBody['status']) =>
      (await api.call(contract.banners.setStatus, { path: { id }, body: { status } })).data.banner,
    onSuccess: (banner) => refresh(banner),
  });
}

/** Replaces a creative's file (it goes back to review). */
export function useReplaceBannerFile(id: number) {
  const refresh = useRefreshBanners();
  return useMutation({
    mutationFn: async ({
      file,
      onProgress,
    }: {
      file: File;
      onProgress: (progress: UploadProgress) => void;
    }) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return (
        await api.call(contract.banners.replaceFile, {
          path: { id },
          formData: form,
          onUploadProgress: onProgress,
        })
      ).data.banner;
    },
    onSuccess: (banner) => refresh(banner),
  });
}

/** `?banner=<id>`: the open creative (the rejection e-mail links to it). */
export function useOpenBanner() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('banner'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setOpen = useCallback(
    (next: number | null) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next === null) params.delete('banner');
        else params.set('banner', String(next));
        return params;
      }),
    [setSearchParams],
  );
  return [id, setOpen] as const;
}

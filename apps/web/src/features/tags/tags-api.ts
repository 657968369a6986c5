import {
  type ConversionDebug,
  type ConversionSettings,
  type ConversionSettingsBody,
  type ConversionStatus,
  type PostbackSettings,
  type TagDebugEvent,
  type TagSettings,
  tagDebugEventSchema,
} from '@rtb/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ServerSentEvent } from '../../lib/event-stream';
import './texts';

const path = '/advertiser/tag';

/** How many of the newest events the debugger starts with. */
export const RECENT_EVENTS = 50;

/** How often the debugger's conversions are read again while it runs. */
export const CONVERSIONS_REFRESH_MS = 5_000;

export const tagsKeys = {
  settings: ['tags', 'settings'] as const,
  recent: ['tags', 'events', 'recent'] as const,
  conversionSettings: ['tags', 'conversion-settings'] as const,
  postback: ['tags', 'postback'] as const,
  conversions: (status: ConversionStatus | null) => ['tags', 'conversions', status] as const,
  allConversions: ['tags', 'conversions'] as const,
};

/** GET /advertiser/tag: the snippet, the key and the status line's figures. */
export function useTagSettings() {
  return useQuery({
    queryKey: tagsKeys.settings,
    queryFn: async () => (await api.get<{ data: { tag: TagSettings } }>(path)).data.tag,
  });
}

/** The newest events, newest first: what the debugger shows before live ones arrive. */
export function useRecentTagEvents() {
  return useQuery({
    queryKey: tagsKeys.recent,
    queryFn: async () =>
      (await api.get<{ data: { tagEvents: TagDebugEvent[] } }>(`${path}/events`, { limit: RECENT_EVENTS }))
        .data.tagEvents,
    // Read once per visit: live events follow, and a re-read would bring back cleared ones.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Opens the live stream of the advertiser's events (`lib/event-stream.ts` reads it). */
export function openTagEventStream(lastEventId: string | null, signal: AbortSignal): Promise<Response> {
  return api.stream(`${path}/events/live`, {
    signal,
    headers: lastEventId ? { 'last-event-id': lastEventId } : undefined,
  });
}

/** A `tag-event` of the stream as the contract describes it; null for anything else. */
export function tagEventOf(message: ServerSentEvent): TagDebugEvent | null {
  if (message.event !== 'tag-event') return null;
  try {
    const parsed = tagDebugEventSchema.safeParse(JSON.parse(message.data));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: dropped like an event that does not fit the contract.
  }
  console.warn('Tag debugger: an event the contract does not describe', message);
  return null;
}

/** GET /advertiser/tag/conversion-settings: the maximum order value of browser conversions. */
export function useConversionSettings() {
  return useQuery({
    queryKey: tagsKeys.conversionSettings,
    queryFn: async () =>
      (await api.get<{ data: { conversionSettings: ConversionSettings } }>(`${path}/conversion-settings`))
        .data.conversionSettings,
  });
}

export function useSaveConversionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConversionSettingsBody) =>
      (
        await api.put<{ data: { conversionSettings: ConversionSettings } }>(
          `${path}/conversion-settings`,
          body,
        )
      ).data.conversionSettings,
    onSuccess: (saved) => client.setQueryData(tagsKeys.conversionSettings, saved),
  });
}

/** GET /advertiser/tag/postback: the endpoint and the secret (asked only by users who may change integrations). */
export function usePostbackSettings(enabled: boolean) {
  return useQuery({
    queryKey: tagsKeys.postback,
    queryFn: async () =>
      (await api.get<{ data: { postback: PostbackSettings } }>(`${path}/postback`)).data.postback,
    enabled,
  });
}

export function useRotatePostbackSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ data: { postback: PostbackSettings } }>(`${path}/postback/secret`)).data.postback,
    onSuccess: (postback) => client.setQueryData(tagsKeys.postback, postback),
  });
}

/** The newest conversions of every source (or the held ones), read again every few seconds while `live`. */
export function useConversions(status: ConversionStatus | null, live: boolean) {
  return useQuery({
    queryKey: tagsKeys.conversions(status),
    queryFn: async () =>
      (
        await api.get<{ data: { conversions: ConversionDebug[]; heldCount: number } }>(
          `${path}/conversions`,
          status ? { status } : {},
        )
      ).data,
    refetchInterval: live ? CONVERSIONS_REFRESH_MS : false,
  });
}

export function useConfirmConversion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<{ data: { conversion: ConversionDebug } }>(`${path}/conversions/${id}/confirm`)).data
        .conversion,
    onSuccess: () => void client.invalidateQueries({ queryKey: tagsKeys.allConversions }),
  });
}

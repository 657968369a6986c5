import {
  type ConversionSettingsBody,
  type ConversionStatus,
  type TagDebugEvent,
  tagDebugEventSchema,
} from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ServerSentEvent } from '../../lib/event-stream';

/** How many of the newest events the debugger starts with. */
export const RECENT_EVENTS = 50;

/** How often the debugger's conversions are read again while it runs. */
export const CONVERSIONS_REFRESH_MS = 5_000;

export const tagsKeys = {
  settings: ['tags', 'settings'] as const,
  summary: ['tags', 'events', 'summary'] as const,
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
    queryFn: async () => (await api.call(contract.tags.settings)).data.tag,
  });
}

/** GET /advertiser/tag/events/summary: people's events of the last 24 hours by type. */
export function useTagEventSummary() {
  return useQuery({
    queryKey: tagsKeys.summary,
    queryFn: async () => (await api.call(contract.tags.eventSummary)).data.tagEventSummary,
  });
}

/** The newest events, newest first: what the debugger shows before live ones arrive. */
export function useRecentTagEvents() {
  return useQuery({
    queryKey: tagsKeys.recent,
    queryFn: async () =>
      (await api.call(contract.tags.events, { query: { limit: RECENT_EVENTS } })).data.tagEvents,
    // Read once per visit: live events follow, and a re-read would bring back cleared ones.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Opens the live stream of the advertiser's events (`lib/event-stream.ts` reads it). */
export function openTagEventStream(lastEventId: string | null, signal: AbortSignal): Promise<Response> {
  return api.stream('/advertiser/tag/events/live', {
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
    queryFn: async () => (await api.call(contract.tags.conversionSettings)).data.conversionSettings,
  });
}

export function useSaveConversionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConversionSettingsBody) =>
      (await api.call(contract.tags.saveConversionSettings, { body })).data.conversionSettings,
    onSuccess: (saved) => client.setQueryData(tagsKeys.conversionSettings, saved),
  });
}

/** GET /advertiser/tag/postback: the endpoint and the secret (asked only by users who may change integrations). */
export function usePostbackSettings(enabled: boolean) {
  return useQuery({
    queryKey: tagsKeys.postback,
    queryFn: async () => (await api.call(contract.tags.postback)).data.postback,
    enabled,
  });
}

export function useRotatePostbackSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(contract.tags.rotatePostbackSecret)).data.postback,
    onSuccess: (postback) => client.setQueryData(tagsKeys.postback, postback),
  });
}

/** The newest conversions of every source (or the held ones), read again every few seconds while `live`. */
export function useConversions(status: ConversionStatus | null, live: boolean) {
  return useQuery({
    queryKey: tagsKeys.conversions(status),
    queryFn: async () =>
      (await api.call(contract.tags.conversions, { query: status ? { status } : {} })).data,
    refetchInterval: live ? CONVERSIONS_REFRESH_MS : false,
  });
}

export function useConfirmConversion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(contract.tags.confirmConversion, { path: { id } })).data.conversion,
    onSuccess: () => void client.invalidateQueries({ queryKey: tagsKeys.allConversions }),
  });
}

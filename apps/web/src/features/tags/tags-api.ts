import { type TagDebugEvent, type TagSettings, tagDebugEventSchema } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ServerSentEvent } from '../../lib/event-stream';
import { featureMessages } from '../../shell/form/feature-messages';
import './texts';

const path = '/advertiser/tag';

/** How many of the newest events the debugger starts with. */
export const RECENT_EVENTS = 50;

/** A failed call's text in the interface language. */
export const tagMessagesOf = featureMessages('tags');

export const tagsKeys = {
  settings: ['tags', 'settings'] as const,
  recent: ['tags', 'events', 'recent'] as const,
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

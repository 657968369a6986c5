import type { TagDebugEvent, TagSettings } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type EventStreamState, readEventStream } from '../../lib/event-stream';
import { openTagEventStream, tagEventOf, tagsKeys, useRecentTagEvents } from './tags-api';

/** The most events the debugger keeps (the oldest go first). */
export const MAX_SHOWN_EVENTS = 200;

export type LiveState = EventStreamState | 'paused';

/** An event the status line counts (a bot's is left out of counts: before any counted one, only bots came). */
function countIn(tag: TagSettings | undefined, event: TagDebugEvent): TagSettings | undefined {
  if (!tag) return tag;
  if (event.bot) return { ...tag, onlyBots: tag.lastEventAt === null };
  const lastEventAt =
    tag.lastEventAt && tag.lastEventAt > event.receivedAt ? tag.lastEventAt : event.receivedAt;
  return { ...tag, lastEventAt, eventsLast7Days: tag.eventsLast7Days + 1, onlyBots: false };
}

const isIn = (list: TagDebugEvent[], event: TagDebugEvent) => list.some((item) => item.id === event.id);

/**
 * The live debugger's events, newest first: the latest ones from the API, then each event of
 * the stream on top, each id once and at most MAX_SHOWN_EVENTS. Paused, the stream is closed;
 * started again (also after the stream gave up), it shows what arrives from then on. A live
 * event also moves the status line.
 */
export function useLiveTagEvents() {
  const client = useQueryClient();
  const recent = useRecentTagEvents();
  const shown = useRef<TagDebugEvent[]>([]);
  const [events, setEvents] = useState<TagDebugEvent[]>([]);
  /** The stream's run, a new number at each start (so one that gave up can start again); null paused. */
  const [run, setRun] = useState<number | null>(0);
  const [connection, setConnection] = useState<{ state: EventStreamState; error?: unknown }>({
    state: 'connecting',
  });

  const show = useCallback((next: TagDebugEvent[]) => {
    shown.current = next.slice(0, MAX_SHOWN_EVENTS);
    setEvents(shown.current);
  }, []);

  // The latest events go below whatever the stream brought meanwhile.
  useEffect(() => {
    if (recent.data) show([...shown.current, ...recent.data.filter((event) => !isIn(shown.current, event))]);
  }, [recent.data, show]);

  useEffect(() => {
    if (run === null) return;
    const controller = new AbortController();
    void readEventStream({
      open: openTagEventStream,
      signal: controller.signal,
      onState: (state, error) => setConnection({ state, error }),
      onEvent: (message) => {
        const event = tagEventOf(message);
        if (!event || isIn(shown.current, event)) return;
        show([event, ...shown.current]);
        client.setQueryData<TagSettings>(tagsKeys.settings, (tag) => countIn(tag, event));
      },
    });
    return () => controller.abort();
  }, [run, show, client]);

  return {
    events,
    recent,
    state: (run === null ? 'paused' : connection.state) as LiveState,
    failure: run !== null && connection.state === 'failed' ? connection.error : undefined,
    pause: () => setRun(null),
    start: () => setRun((current) => (current ?? 0) + 1),
    clear: () => show([]),
  };
}

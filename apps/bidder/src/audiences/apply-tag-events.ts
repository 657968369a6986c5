import type { TagProfileEvent } from '@rtb/delivery';
import { type ProfileEvent, profileOfEvents } from '@rtb/rtb';
import type { ProfileStore } from './profile-store';

/** Whether an event counts in a profile: one with our user id, not a bot's. */
export const makesProfile = (event: TagProfileEvent): event is TagProfileEvent & { userId: string } =>
  event.userId !== null && !event.bot;

/**
 * Brings the visitors' profiles up to date with tag events already committed (the events
 * endpoint calls it after each commit, the start-up rebuild with each batch it reads): one update
 * per visitor and shop, whatever the number of events. Events without our user id, and bots',
 * make no profile.
 */
export async function applyTagEvents(store: ProfileStore, events: readonly TagProfileEvent[]): Promise<void> {
  const grouped = new Map<string, { userId: string; advertiserId: number; events: ProfileEvent[] }>();
  for (const event of events) {
    if (!makesProfile(event)) continue;
    const key = `${event.advertiserId}:${event.userId}`;
    let group = grouped.get(key);
    if (!group) {
      group = { userId: event.userId, advertiserId: event.advertiserId, events: [] };
      grouped.set(key, group);
    }
    group.events.push(event);
  }
  if (!grouped.size) return;
  await store.merge(
    [...grouped.values()].map(({ userId, advertiserId, events: own }) => ({
      userId,
      advertiserId,
      profile: profileOfEvents(own),
    })),
  );
}

import { type ProfileEvent, profileOfEvents } from '@rtb/rtb';
import type { ProfileStore } from './profile-store';

/** A committed tag event as the profiles need it; `productTypes`: the feed's types of its products. */
export interface TagEventForProfiles extends ProfileEvent {
  advertiserId: number;
  /** Our user id (`rtb_uid`); null when the tag did not know it. */
  userId: string | null;
  /** Sent by a bot: left out of audiences. */
  bot?: boolean;
}

/**
 * Brings the visitors' profiles up to date with tag events already committed (the events
 * endpoint calls it after each commit, the start-up rebuild with each batch it reads): one update
 * per visitor and shop, whatever the number of events. Events without our user id, and bots',
 * make no profile.
 */
export async function recordTagEvents(
  store: ProfileStore,
  events: readonly TagEventForProfiles[],
): Promise<void> {
  const grouped = new Map<string, { userId: string; advertiserId: number; events: ProfileEvent[] }>();
  for (const event of events) {
    if (event.userId === null || event.bot) continue;
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

import type { JetStreamManager } from '@nats-io/jetstream';
import { type EventStream, subjectOf } from './event-stream';

/** Listing the waiting subjects beats asking per key while the stream holds at most this many messages per key asked. */
const LISTED_PER_ASK = 10;

/**
 * Which of these event keys have a message still in the stream (in a work queue: not folded
 * yet). Few waiting messages: the subjects of the kinds asked for, listed at once; else one
 * direct get per key (the asks are bounded by the fold, the listing by the backlog).
 */
export async function waitingKeys(
  jsm: JetStreamManager,
  names: EventStream,
  keys: string[],
): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const subjects = new Map(keys.map((key) => [key, subjectOf(names, key)]));
  const { state } = await jsm.streams.info(names.stream);
  if (state.messages <= keys.length * LISTED_PER_ASK) {
    const kinds = new Set(keys.map((key) => key.slice(0, key.indexOf(':'))));
    const listed = new Set<string>();
    for (const kind of kinds) {
      const info = await jsm.streams.info(names.stream, { subjects_filter: `${names.stream}.${kind}.>` });
      for (const subject of Object.keys(info.state.subjects ?? {})) listed.add(subject);
    }
    return new Set(keys.filter((key) => listed.has(subjects.get(key) as string)));
  }
  const found = await Promise.all(
    keys.map((key) => jsm.direct.getMessage(names.stream, { last_by_subj: subjects.get(key) as string })),
  );
  return new Set(keys.filter((_, i) => found[i]));
}

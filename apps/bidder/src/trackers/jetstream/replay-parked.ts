import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamOf } from './event-stream';

/**
 * Moves every parked message (`RTB_EVENTS_PARKED`) back to the event stream under its subject,
 * oldest first, each deleted from the parked stream once the event stream acked it: the next
 * folds take it as any event (and find it recorded if it was, somehow). Run it once the cause of
 * the failures is fixed (`npm run replay-parked`). Answers how many it moved.
 */
export async function replayParked(nc: NatsConnection, stream: string): Promise<number> {
  const names = eventStreamOf(stream);
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const { state } = await jsm.streams.info(names.parked);
  let moved = 0;
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const parked = await jsm.streams.getMessage(names.parked, { seq });
    if (!parked) continue;
    // Its own id: the original's may still be in the duplicate window, which would drop it.
    await js.publish(`${names.stream}${parked.subject.slice(names.parked.length)}`, parked.data, {
      msgID: `replayed:${names.parked}:${seq}`,
    });
    await jsm.streams.deleteMessage(names.parked, seq);
    moved++;
  }
  return moved;
}

import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventStreamOf } from '../trackers/jetstream/event-stream';

const streams = new WeakMap<object, string>();

/** The event stream of the bidders on one test database (they share it as they share the database). */
export function testEventStream(database: object): string {
  let name = streams.get(database);
  if (!name) {
    name = `T_${randomBytes(6).toString('hex')}`;
    streams.set(database, name);
  }
  return name;
}

/** Deletes a test's event streams from the NATS server (NATS_URL); nothing without one. */
export async function deleteEventStreams(stream: string, url = process.env.NATS_URL): Promise<void> {
  if (!url) return;
  await withNats(async (nc) => {
    const jsm = await jetstreamManager(nc);
    const names = eventStreamOf(stream);
    for (const name of [names.stream, names.parked]) await jsm.streams.delete(name).catch(() => false);
  }, url);
}

/** Runs `work` on a connection of its own to the NATS server (NATS_URL unless given), closed after. */
export async function withNats<T>(
  work: (nc: NatsConnection) => Promise<T>,
  url = process.env.NATS_URL,
): Promise<T> {
  const nc = await connect({ servers: url, timeout: 2_000 });
  try {
    return await work(nc);
  } finally {
    await nc.close();
  }
}

import { connect, type NatsConnection } from '@nats-io/transport-node';

/** What a connection tells whoever watches it. */
export interface NatsConnectionWatcher {
  /** Lost (false) or back (true). */
  connected(up: boolean): void;
  error(error: unknown): void;
}

/**
 * A connection to the NATS server of the event log, bounded everywhere: connecting takes at most
 * 2 s (a bidder that cannot reach it at start fails to start: it could acknowledge nothing), a
 * lost connection is tried again every second without end, and a server that stops answering
 * pings is taken as lost after 3 of 5 s.
 */
export async function natsConnection(
  url: string,
  name: string,
  watcher: NatsConnectionWatcher,
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    name,
    timeout: 2_000,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    pingInterval: 5_000,
    maxPingOut: 3,
    // Every publish is a request: with traces on, each builds two errors (stack captured) in case
    // it fails, about 9% of a tracker's time under load (bench:trackers' profile).
    noAsyncTraces: true,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') watcher.connected(false);
      else if (status.type === 'reconnect') watcher.connected(true);
      else if (status.type === 'error') watcher.error(status.error);
    }
  })();
  return nc;
}

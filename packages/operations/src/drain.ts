import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Readiness } from './readiness';

/** While the process drains, every answer closes its connection: keep-alive clients go elsewhere. */
export function closeConnectionsWhileDraining(app: FastifyInstance, readiness: Readiness) {
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
}

export interface ShutdownOptions {
  readiness: Readiness;
  /** The app whose server listens (its close stops accepting and closes idle connections). */
  app: FastifyInstance;
  /** The whole shutdown takes at most this long, whatever the clients do (`DRAIN_TIMEOUT_MS`). */
  drainMs: number;
  /** What stops before the connections are drained (the process's own demo traffic). */
  first?: () => Promise<void>;
  /** Everything to close once the connections are gone: bidders (their buffered events), workers, stores, the database. */
  close: () => Promise<void>;
  log: FastifyBaseLogger;
  /** `process.exit` (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * A clean drain (docs/operations.md, 'Shutdown'): readiness turns 503 at once, the server stops
 * accepting connections and closes the idle ones, requests in progress finish and every answer
 * closes its connection; what is left open is cut at four fifths of the drain time, then the
 * buffered events are committed and everything closed. The process exits at the drain time at the
 * latest.
 */
export async function drainAndExit(options: ShutdownOptions): Promise<void> {
  const { readiness, app, drainMs, log } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  readiness.drain();
  const deadline = setTimeout(() => {
    log.error({ drainMs }, 'drain time over: exiting');
    exit(1);
  }, drainMs);
  deadline.unref();
  const server: Server = app.server;
  const cut = setTimeout(() => server.closeAllConnections(), Math.floor(drainMs * 0.8));
  cut.unref();
  try {
    await options.first?.();
    await app.close();
    clearTimeout(cut);
    await options.close();
    clearTimeout(deadline);
    exit(0);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    exit(1);
  }
}

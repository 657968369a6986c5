import type { FastifyBaseLogger } from 'fastify';

/** Background work done in rounds: on a timer, or when asked (`runOnce`). */
export interface PeriodicTask<T> {
  /** Runs a round now, or joins the one running; resolves with its result when it is done. */
  runOnce(): Promise<T>;
  /** Stops the timer and waits for the round running, if any. */
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions<T> {
  /** One round; `stopping()` tells a long round that `stop` was called, to end it early. */
  round: (stopping: () => boolean) => Promise<T>;
  /** A failed round's result (the failure is logged; the next round tries again). */
  failed: T;
  /** What the failure log says. */
  failure: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Between rounds; null: no timer (tests call `runOnce`). */
  intervalMs: number | null;
  /** Whether a round starts at once, not only after the first interval. */
  runAtStart?: boolean;
}

/**
 * The loop every background worker of the API shares: one round at a time per process (a round
 * asked for while one runs joins it), a timer that does not keep the process alive, a failure
 * logged and left to the next round, and a stop that waits for the round in flight.
 */
export function startPeriodicTask<T>(options: PeriodicTaskOptions<T>): PeriodicTask<T> {
  let running: Promise<T> | null = null;
  let stopped = false;

  function runOnce(): Promise<T> {
    running ??= options
      .round(() => stopped)
      .catch((err: unknown) => {
        options.log.error({ err }, options.failure);
        return options.failed;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  if (options.runAtStart) void runOnce();
  const timer = options.intervalMs === null ? null : setInterval(() => void runOnce(), options.intervalMs);
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** A part a process needs to serve: null when it can, else why not (a short sentence). */
export type ReadinessCheck = () => Promise<string | null> | string | null;

export interface ReadinessReport {
  ready: boolean;
  /** Each part, `ok` or why it is not. */
  checks: Record<string, string>;
}

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether the process can serve (`GET /readyz`): the parts it needs, each checked when asked, and
 * whether it is draining (SIGTERM: a load balancer must stop sending it work before it goes).
 */
export class Readiness {
  readonly #checks = new Map<string, ReadinessCheck>();
  #draining = false;

  /** Adds a part (database, campaign index, Redis, commit queue...). */
  add(name: string, check: ReadinessCheck): void {
    this.#checks.set(name, check);
  }

  /** From now on the process is not ready: it is shutting down. */
  drain(): void {
    this.#draining = true;
  }

  get draining(): boolean {
    return this.#draining;
  }

  async report(): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    if (this.#draining) checks.shutdown = 'The process is shutting down.';
    await Promise.all(
      [...this.#checks].map(async ([name, check]) => {
        checks[name] = (await within(check)) ?? 'ok';
      }),
    );
    return { ready: Object.values(checks).every((state) => state === 'ok'), checks };
  }
}

async function within(check: ReadinessCheck): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`No answer within ${CHECK_TIMEOUT_MS / 1000} s.`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), late]);
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'The check failed.';
  } finally {
    clearTimeout(timer);
  }
}

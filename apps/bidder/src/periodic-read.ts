/**
 * A read done at start and every `everyMs` after, one at a time (a call while one runs joins it),
 * its timer never keeping the process alive: what the bidder's books of published data (models,
 * win curves) refresh with. `read` handles its own failures.
 */
export class PeriodicRead {
  readonly #read: () => Promise<void>;
  readonly #everyMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;

  constructor(read: () => Promise<void>, everyMs: number) {
    this.#read = read;
    this.#everyMs = everyMs;
  }

  async start(): Promise<void> {
    await this.now();
    this.#timer = setInterval(() => void this.now(), this.#everyMs);
    this.#timer.unref();
  }

  now(): Promise<void> {
    this.#running ??= this.#read().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

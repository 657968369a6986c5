import { randomUUID } from 'node:crypto';
import type { Database } from '@rtb/db';
import { holdWorkerLease, releaseWorkerLease } from './worker-lease-repository';

/**
 * A background work that one process at a time does, among all that run it (`worker_leases`):
 * the holder renews its lease before each step of the work (`hold`), so that it lapses `ttlMs`
 * after the holder stopped answering and another process takes the work over; a clean stop gives
 * it back at once (`release`). A process that does not hold it skips the work.
 */
export class WorkerLease {
  readonly name: string;
  readonly holder = randomUUID();
  readonly #ttlMs: number;
  #held = false;

  constructor(name: string, ttlMs: number) {
    this.name = name;
    this.#ttlMs = ttlMs;
  }

  /** Whether the last `hold` got it. */
  get held(): boolean {
    return this.#held;
  }

  /** Takes or renews the lease; answers whether this process holds it. */
  async hold(db: Database): Promise<boolean> {
    this.#held = await holdWorkerLease(db, this.name, this.holder, this.#ttlMs);
    return this.#held;
  }

  async release(db: Database): Promise<void> {
    if (!this.#held) return;
    await releaseWorkerLease(db, this.name, this.holder);
    this.#held = false;
  }
}

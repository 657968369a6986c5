import type { Database } from '@rtb/db';
import { insertExternalCall, type NewExternalCall } from './repository';

/**
 * Writes the log rows of outgoing calls on the application's own database connection, never in
 * a caller's transaction, and without making the caller wait: a call's outcome never depends on
 * its log row. A failed write is reported to `onError`, not thrown.
 */
export class ExternalCallLog {
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown, entry: NewExternalCall) => void,
  ) {}

  record(entry: NewExternalCall): void {
    const write: Promise<void> = insertExternalCall(this.db, entry)
      .catch((error: unknown) => this.onError(error, entry))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Resolves once every row recorded so far is written (or has failed): before shutdown, in tests. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}

declare module '../../../core/deps' {
  interface AppDeps {
    /** The log of outgoing HTTP calls; writes on its own connection, never in a transaction. */
    externalCalls: ExternalCallLog;
  }
}

import type { FoldEffects, FoldedEvent, LoggedEvent } from '@rtb/delivery';

/** What one fold did: events taken from the log, those recorded, and those left for later (`deferred`). */
export interface Fold<Note> {
  claimed: number;
  folded: FoldedEvent<Note>[];
  /** Their effects on the budget counters, kept in the fold's transaction until the store has them. */
  effects: FoldEffects[];
  /** Events put back for a little while: an event they are judged against waits unfolded elsewhere. */
  deferred: number;
}

/**
 * The tracked events' durable log (decision 0027): a tracker answers once its event is appended,
 * and folds record it after. The database's table (`tableEventLog`), or NATS JetStream with
 * `NATS_URL` (`JetStreamEventLog`, decision 0029).
 */
export interface EventLog<Note> {
  /** Appends the events; once it resolves they are acknowledged. True per event new in the log, false for a retry. */
  append(entries: LoggedEvent<Note>[]): Promise<boolean[]>;
  /** Folds at most `limit` of the oldest events in one transaction; `FoldError` when it fails (nothing recorded). */
  fold(limit: number): Promise<Fold<Note>>;
  /** Events waiting to be folded, parked ones left out. */
  waiting(): Promise<number>;
  /** What is not well with the log itself, or null (appends and folds failing show in their own checks). */
  problem(): string | null;
  /** Whether closing folds what this process appended (the table: its own rows; JetStream: the others fold them). */
  readonly foldsAtClose: boolean;
  close(): Promise<void>;
}

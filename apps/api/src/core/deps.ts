import type { Database } from '@rtb/db';
import type { AppConfig } from '../config';
import type { ConfigValues } from '../modules/config-values/service';
import type { EventPartitions } from '../modules/delivery/event-partitions';
import type { ExternalCallLog } from '../modules/external-apis/call-log';
import type { PaymentProvider } from '../modules/online-payments/provider';
import type { BackgroundWork } from './background-work';
import type { PrincipalCache } from './principal-cache';
import type { RateLimiter } from './rate-limiter';

/** What services need. Routes pass it on with `db` swapped for the request's transaction. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  settings: ConfigValues;
  limiter: RateLimiter;
  principals: PrincipalCache;
  /** Wakes the mail worker; inside a transaction, once it has committed. */
  mailQueued: () => void;
  /** Runs `effect` now, or inside a transaction once it has committed. */
  afterCommit: (effect: () => void) => void;
  /** Inside a transaction, runs `effect` if it rolls back (undoing what is not in the database). */
  onRollback: (effect: () => Promise<void>) => void;
  /** Forgets the cached sessions of an account whose tokens or profile changed. */
  sessionsChanged: (accountId: number) => void;
  /** Work done after the reply (never with this request's transaction: jobs open their own). */
  background: BackgroundWork;
  /** The log of outgoing HTTP calls; writes on its own connection, never in a transaction. */
  externalCalls: ExternalCallLog;
  /** What this process knows of delivery_events' day partitions (created on demand when recording). */
  eventPartitions: EventPartitions;
  /** Online top-up (Stripe Checkout); null when it is not configured. */
  paymentProvider: PaymentProvider | null;
}

/**
 * Runs `work` in one transaction; its side effects (mail, cache) happen only after the commit,
 * and its undo effects (files written) only after a rollback.
 */
export async function inTransaction<T>(deps: AppDeps, work: (tx: AppDeps) => Promise<T>): Promise<T> {
  const effects = new Set<() => void>();
  const afterCommit = (effect: () => void) => {
    effects.add(effect);
  };
  const undo: (() => Promise<void>)[] = [];
  const run = () =>
    deps.db.transaction((tx) =>
      work({
        ...deps,
        db: tx,
        afterCommit,
        onRollback: (effect) => {
          undo.push(effect);
        },
        mailQueued: () => afterCommit(deps.mailQueued),
        sessionsChanged: (accountId) => {
          // Now, so this transaction's own reads miss the cache, and after the commit, so no
          // request caches what was read in between.
          deps.principals.forgetAccount(accountId);
          afterCommit(() => deps.principals.forgetAccount(accountId));
        },
      }),
    );
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await Promise.allSettled(undo.map((effect) => effect()));
    throw error;
  }
  for (const effect of effects) effect();
  return result;
}

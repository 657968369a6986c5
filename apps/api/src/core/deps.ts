import { type Database, inTransaction as inDatabaseTransaction } from '@rtb/db';
import type { EventPartitions } from '@rtb/delivery';
import type { AppConfig } from '../config';
import type { AccessDirectory } from './access-directory';
import type { BackgroundWork } from './background-work';
import type { PrincipalCache } from './principal-cache';
import type { RateLimiter } from './rate-limiter';
import type { Settings } from './settings';

/**
 * What services need. Routes pass it on with `db` swapped for the request's transaction. A module
 * that keeps a per-process part of its own here declares its field where it defines it (module
 * augmentation, as Fastify's decorators do), so that core imports no module.
 */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  settings: Settings;
  /** What access control asks of the identity and organisation modules. */
  access: AccessDirectory;
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
  /** What this process knows of delivery_events' day partitions (created on demand when recording). */
  eventPartitions: EventPartitions;
}

/**
 * Runs `work` in one transaction (`@rtb/db`'s `inTransaction`); besides its effects and undo
 * effects, mail is woken and sessions forgotten only once it has committed.
 */
export function inTransaction<T>(deps: AppDeps, work: (tx: AppDeps) => Promise<T>): Promise<T> {
  return inDatabaseTransaction(deps, work, (afterCommit) => ({
    mailQueued: () => afterCommit(deps.mailQueued),
    sessionsChanged: (accountId: number) => {
      // Now, so this transaction's own reads miss the cache, and after the commit, so no
      // request caches what was read in between.
      deps.principals.forgetAccount(accountId);
      afterCommit(() => deps.principals.forgetAccount(accountId));
    },
  }));
}

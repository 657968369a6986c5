import type { Database } from '@rtb/db';
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

import type { Database } from '@rtb/db';
import type { AppConfig } from '../config';
import type { ConfigValues } from '../modules/config-values/service';
import type { RateLimiter } from './rate-limiter';

/** What services need. Routes pass it on with `db` swapped for the request's transaction. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  settings: ConfigValues;
  limiter: RateLimiter;
  /** Called when a mail was queued; wakes the mail worker (after the commit, in a transaction). */
  mailQueued: () => void;
}

/** Runs `work` in one transaction; mails it queues wake the worker only after the commit. */
export async function inTransaction<T>(deps: AppDeps, work: (tx: AppDeps) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await deps.db.transaction((tx) =>
    work({
      ...deps,
      db: tx,
      mailQueued: () => {
        queued = true;
      },
    }),
  );
  if (queued) deps.mailQueued();
  return result;
}

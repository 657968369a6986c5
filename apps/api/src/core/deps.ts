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
  /** Wakes the mail worker after mails were queued and committed. */
  mailQueued: () => void;
}

/** Runs `work` in one transaction; what it queues is sent only after the commit. */
export async function inTransaction<T>(deps: AppDeps, work: (tx: AppDeps) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction((tx) => work({ ...deps, db: tx }));
  deps.mailQueued();
  return result;
}

import type { Database } from '@rtb/db';
import type { ConfigKey } from '@rtb/shared';

/**
 * The platform's configuration values as every module reads them (the maintenance flag on every
 * request); the configuration module keeps them (`ConfigValues`).
 */
export interface Settings {
  get(db: Database, key: ConfigKey): Promise<unknown>;
  number(db: Database, key: ConfigKey): Promise<number>;
  boolean(db: Database, key: ConfigKey): Promise<boolean>;
  set(db: Database, key: ConfigKey, value: unknown): Promise<void>;
  /** Drops the cached value, e.g. again once the transaction that changed it has committed. */
  forget(key: ConfigKey): void;
}

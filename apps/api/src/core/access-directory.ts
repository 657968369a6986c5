import type { Database } from '@rtb/db';
import type { Principal } from './principal';

/**
 * What access control asks of the identity and organisation modules. The application wires them
 * in (`createAppDeps`), so that core imports no module.
 */
export interface AccessDirectory {
  /** The key a session token is cached and looked up by: its hash (raw tokens are never kept). */
  sessionKey(token: string): string;
  /** The principal behind a live session (not expired, not revoked, account enabled), or null. */
  principalOfSession(db: Database, key: string): Promise<Principal | null>;
  /** The principal of a download link's token on its own path (it works once), or null. */
  principalOfDownloadLink(db: Database, token: string, path: string): Promise<Principal | null>;
  organisationExists(db: Database, kind: 'agency' | 'advertiser', id: number): Promise<boolean>;
  advertiserBelongsToAgency(db: Database, advertiserId: number, agencyId: number): Promise<boolean>;
}

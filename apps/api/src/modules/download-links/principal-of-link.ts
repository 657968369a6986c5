import type { Database } from '@rtb/db';
import { findPrincipal, type Principal } from '../auth/principal-repository';
import { hashToken } from '../auth/tokens';
import { useDownloadLink } from './repository';

/**
 * The principal a download link acts as: that of the session token it was made from, so the
 * download route applies its own access check and organisation scope, and the link dies with
 * the session (logout, expiry, the end of a "log in as").
 */
export async function principalOfDownloadLink(
  db: Database,
  token: string,
  path: string,
): Promise<Principal | null> {
  const sessionTokenId = await useDownloadLink(db, hashToken(token), path);
  return sessionTokenId === null ? null : findPrincipal(db, { tokenId: sessionTokenId });
}

import type { Database } from '@rtb/db';
import { DOWNLOAD_LINK_LIFETIME_SECONDS } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import { findPrincipal, type Principal } from './principal-repository';
import { insertToken, useDownloadToken } from './repository';
import { hashToken, newToken } from './tokens';

export type { Principal };

/**
 * A token for one download without the authorization header: it works once, for `path` only,
 * within DOWNLOAD_LINK_LIFETIME_SECONDS, and no longer than the session it was made from.
 */
export async function issueDownloadToken(
  db: Database,
  caller: Principal,
  path: string,
  client: ClientInfo,
): Promise<string> {
  const { token, tokenHash } = newToken();
  await insertToken(db, {
    accountId: caller.accountId,
    purpose: 'download',
    tokenHash,
    path,
    expiresAt: new Date(Date.now() + DOWNLOAD_LINK_LIFETIME_SECONDS * 1000),
    sourceTokenId: caller.tokenId,
    createdIp: client.ip,
    userAgent: client.userAgent,
  });
  return token;
}

/**
 * The principal a download token acts as: that of the session token it was made from, so the
 * download route applies its own access check and organisation scope, and the link dies with
 * the session (logout, expiry, the end of a "log in as").
 */
export async function principalOfDownloadToken(
  db: Database,
  token: string,
  path: string,
): Promise<Principal | null> {
  const sessionTokenId = await useDownloadToken(db, hashToken(token), path);
  return sessionTokenId === null ? null : findPrincipal(db, { tokenId: sessionTokenId });
}

import { configKeys, type MeDto } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { unauthenticated } from '../../../core/errors';
import { toMeDto } from './me-dto';
import { findPrincipal } from './principal-repository';
import { insertToken } from './repository';
import { newToken } from './tokens';

export interface Session {
  me: MeDto;
  authToken: string;
}

/** A new bearer token for the account (a "log in as" one when `sourceTokenId` is given). */
export async function issueSession(
  deps: AppDeps,
  accountId: number,
  client: ClientInfo,
  sourceTokenId: number | null = null,
): Promise<Session> {
  const hours = await deps.settings.number(deps.db, configKeys.authTokenLifetimeHours);
  const { token, tokenHash } = newToken();
  await insertToken(deps.db, {
    accountId,
    purpose: 'auth',
    tokenHash,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
    sourceTokenId,
    createdIp: client.ip,
    userAgent: client.userAgent,
  });
  const principal = await findPrincipal(deps.db, { tokenHash });
  if (!principal) throw unauthenticated();
  return { me: toMeDto(principal), authToken: token };
}

import type { AppDeps } from '../../core/deps';
import type { Principal } from './principal-repository';
import { revokeToken } from './repository';

/** Revokes the token of this request only; other devices stay signed in. */
export async function logout(deps: AppDeps, principal: Principal): Promise<void> {
  await revokeToken(deps.db, principal.tokenId);
  deps.sessionsChanged(principal.accountId);
}

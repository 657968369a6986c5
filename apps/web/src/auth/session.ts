import type { AccountKind, LoginBody, MeDto } from '@rtb/shared';
import { contract, type ResponseOf } from '@rtb/shared/contract';
import { api, publicApi } from '../lib/api-client';
import { cookies, local } from '../lib/storage';

/** A new session: the profile and its token (the answer of log in, activate, set password, log in as). */
export type Session = ResponseOf<typeof contract.auth.login>['data'];

/** Stores the token and the role of a new session (spec section 4). */
export function storeSession(session: Session): MeDto {
  cookies.set('authToken', session.authToken);
  if (session.me.role !== 'admin') local.set('profileRole', session.me.localRole);
  return session.me;
}

export async function login(kind: AccountKind, body: LoginBody): Promise<MeDto> {
  const res = await publicApi.call(contract.auth.login, { path: { panel: kind }, body });
  // A session of one's own: no way back to an admin or agency account left from before.
  cookies.remove('sourceToken');
  cookies.remove('agencyToken');
  return storeSession(res.data);
}

/** Clears the local session even when the logout call fails. */
export async function logout(kind: AccountKind): Promise<void> {
  try {
    await publicApi.call(contract.auth.logout, { path: { panel: kind } });
  } catch (error) {
    console.warn('logout failed', error);
  } finally {
    clearSession();
  }
}

export function clearSession(): void {
  cookies.remove('authToken');
  cookies.remove('agencyId');
  cookies.remove('advertiserId');
  local.remove('profileRole');
}

/** The panel's profile load. */
export async function loadProfile(kind: AccountKind): Promise<MeDto> {
  const res = await api.call(contract.me.profile, { path: { panel: kind } });
  return res.data.me;
}

/** The general profile load, whatever the panel (`GET /api/auth`). */
export async function loadAnyProfile(): Promise<MeDto> {
  const res = await publicApi.call(contract.auth.profile);
  return res.data.me;
}

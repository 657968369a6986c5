import type { AccountKind, LoginBody, MeDto } from '@rtb/shared';
import { api, publicApi } from '../lib/api-client';
import { cookies, local } from '../lib/storage';

type MeResponse = { data: { me: MeDto } };
type SessionResponse = { data: { me: MeDto; authToken: string } };

/** Stores the token and the role of a new session (spec section 4). */
export function storeSession(session: SessionResponse['data']): MeDto {
  cookies.set('authToken', session.authToken);
  if (session.me.role !== 'admin') local.set('profileRole', session.me.localRole);
  return session.me;
}

export async function login(kind: AccountKind, body: LoginBody): Promise<MeDto> {
  const res = await publicApi.post<SessionResponse>(`/${kind}/auth/token`, body);
  // A session of one's own: no way back to an admin or agency account left from before.
  cookies.remove('sourceToken');
  cookies.remove('agencyToken');
  return storeSession(res.data);
}

/** Clears the local session even when the logout call fails. */
export async function logout(kind: AccountKind): Promise<void> {
  try {
    await publicApi.delete(`/${kind}/auth/token`);
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
  const res = await api.get<MeResponse>(`/${kind}/me`);
  return res.data.me;
}

/** The general profile load, whatever the panel (`GET /api/auth`). */
export async function loadAnyProfile(): Promise<MeDto> {
  const res = await publicApi.get<MeResponse>('/auth');
  return res.data.me;
}

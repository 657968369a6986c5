import type { AccountKind, MeDto } from '@rtb/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isApiError, onSessionRejected } from '../lib/api-client';
import { cookies } from '../lib/storage';
import { loginPath, prefixOf } from './kinds';
import { useProfile } from './profile-context';
import { clearSession, loadAnyProfile } from './session';

export type GuardState = 'init' | 'pending' | 'success' | 'failed';

/** What a panel needs of a profile (spec section 4): its kind, and the organisation id. */
export function guardAccepts(kind: AccountKind, me: MeDto): boolean {
  if (kind === 'advertiser') return !!me.advertiserUser?.advertiserId;
  if (kind === 'agency') return !!me.agencyUser?.agencyId;
  return !!me.adminUser;
}

function storeOrganisation(kind: AccountKind, me: MeDto) {
  if (kind === 'advertiser' && me.advertiserUser)
    cookies.set('advertiserId', String(me.advertiserUser.advertiserId));
  if (kind === 'agency' && me.agencyUser) cookies.set('agencyId', String(me.agencyUser.agencyId));
}

/**
 * init -> failed without a stored token; init -> pending (profile loading) -> success or
 * failed otherwise. Failed shows the login screen, pending a loading indicator.
 */
export function useGuard(kind: AccountKind): GuardState {
  const { profile, setProfile } = useProfile();
  const [state, setState] = useState<GuardState>('init');

  useEffect(() => {
    if (!cookies.get('authToken')) {
      setState('failed');
      return;
    }
    if (profile && guardAccepts(kind, profile)) {
      storeOrganisation(kind, profile);
      setState('success');
      return;
    }
    if (profile && profile.role !== kind) {
      setState('success'); // PanelGuard sends the user to their own prefix
      return;
    }
    let cancelled = false;
    setState('pending');
    loadAnyProfile()
      .then((me) => {
        if (cancelled) return;
        if (me.role !== kind) {
          setProfile(me);
          return;
        }
        if (!guardAccepts(kind, me)) {
          clearSession();
          setProfile(null);
          setState('failed');
          return;
        }
        storeOrganisation(kind, me);
        setProfile(me);
        setState('success');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // A dead token is dropped; a network or maintenance failure keeps it for the next try.
        if (isApiError(error) && (error.code === 401 || error.code === 403)) clearSession();
        setProfile(null);
        setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [kind, profile, setProfile]);

  return state;
}

export function PanelGuard({
  kind,
  children,
  loading,
}: {
  kind: AccountKind;
  children: ReactNode;
  loading: ReactNode;
}) {
  const state = useGuard(kind);
  const { profile, setProfile } = useProfile();
  const location = useLocation();
  // The server's token expiry is the real limit: once it refuses the token, back to the login
  // (the guard sees no token and sends the user there, to come back to this page).
  useEffect(
    () =>
      onSessionRejected(() => {
        clearSession();
        setProfile(null);
      }),
    [setProfile],
  );
  if (state === 'failed') {
    return <Navigate to={loginPath(kind)} replace state={{ from: location.pathname + location.search }} />;
  }
  if (state !== 'success' || !profile) return <>{loading}</>;
  // Each user type is confined to its own prefix (spec section 6).
  if (!guardAccepts(kind, profile)) return <Navigate to={prefixOf(profile)} replace />;
  return <>{children}</>;
}

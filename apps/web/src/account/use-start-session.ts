import type { AccountKind } from '@rtb/shared';
import type { contract, ResponseOf } from '@rtb/shared/contract';
import { useNavigate } from 'react-router';
import { panelPrefix } from '../auth/kinds';
import { useProfile } from '../auth/profile-context';
import { storeSession } from '../auth/session';

/** The answer of set-password and activate: a signed-in session. */
export type SessionResponse = ResponseOf<typeof contract.auth.activate>;

/** Stores a new session, sets the profile and opens the panel (spec section 4). */
export function useStartSession(kind: AccountKind) {
  const navigate = useNavigate();
  const { setProfile } = useProfile();
  return (response: SessionResponse) => {
    setProfile(storeSession(response.data));
    navigate(panelPrefix[kind], { replace: true });
  };
}

import type { MeDto } from '@rtb/shared';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface ProfileContextValue {
  profile: MeDto | null;
  setProfile: (profile: MeDto | null) => void;
}

const ProfileContext = createContext<ProfileContextValue | null>(null);

/** The signed-in user: null when logged out, set after login or a profile load (spec section 4). */
export function ProfileProvider({
  children,
  initial = null,
}: {
  children: ReactNode;
  initial?: MeDto | null;
}) {
  const [profile, setProfile] = useState<MeDto | null>(initial);
  const value = useMemo(() => ({ profile, setProfile }), [profile]);
  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}

export function useProfile(): ProfileContextValue {
  const value = useContext(ProfileContext);
  if (!value) throw new Error('useProfile must be used within ProfileProvider');
  return value;
}

import type { ReactNode } from 'react';
import { ProfileProvider } from '../auth/profile-context';
import { ConnectivityBar } from '../shell/connectivity/connectivity-bar';
import { MaintenanceProvider } from '../shell/maintenance/maintenance';

/**
 * Everything every page shares, account pages included: the maintenance flag and its banner,
 * the connectivity bar. The toast container is the root route's (`RootLayout`): a toast's link
 * needs the router. The query cache wraps what the router loads lazily (`withQueryClient`).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MaintenanceProvider>
      <ProfileProvider>{children}</ProfileProvider>
      <ConnectivityBar />
    </MaintenanceProvider>
  );
}

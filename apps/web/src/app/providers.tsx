import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProfileProvider } from '../auth/profile-context';
import { ConnectivityBar } from '../shell/connectivity/connectivity-bar';
import { MaintenanceProvider } from '../shell/maintenance/maintenance';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * Everything every page shares, account pages included: the maintenance flag and its banner,
 * the connectivity bar. The toast container is the root route's (`RootLayout`): a toast's link
 * needs the router.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MaintenanceProvider>
        <ProfileProvider>{children}</ProfileProvider>
        <ConnectivityBar />
      </MaintenanceProvider>
    </QueryClientProvider>
  );
}

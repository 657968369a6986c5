import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProfileProvider } from '../auth/profile-context';
import { ConnectivityBar } from '../shell/connectivity/connectivity-bar';
import { MaintenanceProvider } from '../shell/maintenance/maintenance';
import { ToastProvider } from '../shell/toast/toaster';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * Everything every page shares, account pages included: the maintenance flag and its banner,
 * the toast container, the connectivity bar.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MaintenanceProvider>
        <ToastProvider>
          <ProfileProvider>{children}</ProfileProvider>
          <ConnectivityBar />
        </ToastProvider>
      </MaintenanceProvider>
    </QueryClientProvider>
  );
}

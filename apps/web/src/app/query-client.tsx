import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** The app's one query cache: the panels and the public pages share it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * A page or panel the router loads lazily, within the query cache. The login page reads nothing
 * through react-query, so react-query comes with these and not with the app's entry.
 */
export function withQueryClient<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}

import { type Location, ScrollRestoration } from 'react-router';
import { LeaveGuard } from '../shell/form/leave-guard';
import { ToastProvider } from '../shell/toast/toaster';

/**
 * Which page a location is: its path and the `id` of the record it shows. Other query
 * parameters are the page's own state (filters, a tab, an open side panel) and keep the scroll.
 */
export const pageKey = (location: Pick<Location, 'pathname' | 'search'>) =>
  `${location.pathname}?${new URLSearchParams(location.search).get('id') ?? ''}`;

/**
 * The root route's element: the leave guard, scroll restoration (a page not seen before, e.g.
 * the advertiser just created, opens at the top; Back and Forward return where the user was), and
 * the toast container, inside the router so that a toast may hold a link.
 */
export function RootLayout() {
  return (
    <ToastProvider>
      <ScrollRestoration getKey={pageKey} />
      <LeaveGuard />
    </ToastProvider>
  );
}

import { type Location, ScrollRestoration } from 'react-router';
import { LeaveGuard } from '../shell/form/leave-guard';

/**
 * Which page a location is: its path and the `id` of the record it shows. Other query
 * parameters are the page's own state (filters, a tab, an open side panel) and keep the scroll.
 */
export const pageKey = (location: Pick<Location, 'pathname' | 'search'>) =>
  `${location.pathname}?${new URLSearchParams(location.search).get('id') ?? ''}`;

/**
 * The root route's element: the leave guard, and scroll restoration: a page not seen before
 * (e.g. the advertiser just created) opens at the top, Back and Forward return where the user was.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration getKey={pageKey} />
      <LeaveGuard />
    </>
  );
}

import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { MePage } from '../../features/me/me-page';
import { SupportPage } from '../../features/support/support-page';
import { agencyNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/agency/... (spec section 2, 'Agency panel'). */
export const agencyRoutes: RouteObject = {
  element: <PanelLayout kind="agency" nav={agencyNav} />,
  children: [
    { index: true, element: <Navigate to="advertisers" replace /> },
    { path: 'me', element: <MePage kind="agency" /> },
    { path: 'support', element: <SupportPage panel="agency" /> },
    ...placeholderRoutes([
      ['agencies/me', 'agencyProfile'],
      ['advertisers', 'advertisers'],
      ['advertisers/:advertiserId', 'advertiser'],
      ['reporting', 'reporting'],
      ['advertiser-users/single', 'advertiserUser'],
      ['agency-users', 'users'],
      ['activity-logs', 'activityLogs'],
      ['payments', 'payments'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AgencyPanel() {
  return useRoutes([agencyRoutes]);
}

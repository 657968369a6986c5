import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { OrganisationActivityLogsPage } from '../../features/activity-logs/organisation-activity-logs-page';
import { OwnAgencyPage } from '../../features/agencies/own-agency-page';
import { MePage } from '../../features/me/me-page';
import { agencyNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/agency/... (spec section 2, 'Agency panel'). */
export const agencyRoutes: RouteObject = {
  element: <PanelLayout kind="agency" nav={agencyNav} />,
  children: [
    { index: true, element: <Navigate to="advertisers" replace /> },
    { path: 'me', element: <MePage kind="agency" /> },
    { path: 'agencies/me', element: <OwnAgencyPage /> },
    { path: 'activity-logs', element: <OrganisationActivityLogsPage kind="agency" /> },
    ...placeholderRoutes([
      ['advertisers', 'advertisers'],
      ['advertisers/:advertiserId', 'advertiser'],
      ['reporting', 'reporting'],
      ['advertiser-users/single', 'advertiserUser'],
      ['agency-users', 'users'],
      ['support', 'helpSupport'],
      ['payments', 'payments'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AgencyPanel() {
  return useRoutes([agencyRoutes]);
}

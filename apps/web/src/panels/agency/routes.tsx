import { type RouteObject, useRoutes } from 'react-router';
import { OrganisationActivityLogsPage } from '../../features/activity-logs/organisation-activity-logs-page';
import { OwnAgencyPage } from '../../features/agencies/own-agency-page';
import { MePage } from '../../features/me/me-page';
import { SupportPage } from '../../features/support/support-page';
import { agencyNav } from '../../shell/nav-items';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';
import { agencyTour } from './tour';

/** /panel/agency/... (spec section 2, 'Agency panel'). */
export const agencyRoutes: RouteObject = {
  element: <PanelLayout kind="agency" nav={agencyNav} tour={agencyTour} />,
  children: [
    { index: true, element: <PanelHome nav={agencyNav} /> },
    { path: 'me', element: <MePage kind="agency" /> },
    { path: 'agencies/me', element: <OwnAgencyPage /> },
    { path: 'activity-logs', element: <OrganisationActivityLogsPage kind="agency" /> },
    { path: 'support', element: <SupportPage panel="agency" /> },
    ...placeholderRoutes([
      ['advertisers', 'advertisers'],
      ['advertisers/:advertiserId', 'advertiser'],
      ['reporting', 'reporting'],
      ['advertiser-users/single', 'advertiserUser'],
      ['agency-users', 'users'],
      ['payments', 'payments'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AgencyPanel() {
  return useRoutes([agencyRoutes]);
}

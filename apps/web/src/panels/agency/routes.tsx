import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { OrganisationActivityLogsPage } from '../../features/activity-logs';
import { AdvertiserPage, AdvertisersPage } from '../../features/advertisers';
import { OwnAgencyPage } from '../../features/agencies';
import { AgencyOverviewPage, ClientSwitcher } from '../../features/agency-overview';
import { AgencyReportingPage } from '../../features/agency-reporting';
import { MePage } from '../../features/me';
import { OrganisationPaymentsPage } from '../../features/payments';
import { regulationGate } from '../../features/regulations';
import { AgencyAdvertiserReportPage } from '../../features/reports';
import { SupportPage } from '../../features/support';
import { UserPage, UsersPage } from '../../features/users';
import { agencyNav } from '../../shell/nav-items';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';
import { agencyTour } from './tour';

/** /panel/agency/... (spec section 2, 'Agency panel'). */
export const agencyRoutes: RouteObject = {
  element: (
    <PanelLayout
      kind="agency"
      nav={agencyNav}
      tour={agencyTour}
      sidebar={<ClientSwitcher />}
      gate={regulationGate}
    />
  ),
  children: [
    { index: true, element: <PanelHome nav={agencyNav} /> },
    { path: 'me', element: <MePage kind="agency" /> },
    { path: 'agencies/me', element: <OwnAgencyPage /> },
    permittedRoute('overview', 'advertisers', 'overview', <AgencyOverviewPage />),
    permittedRoute('advertisers', 'advertisers', 'advertisers', <AdvertisersPage panel="agency" />),
    permittedRoute(
      'advertisers/:advertiserId',
      'advertisers',
      'advertiser',
      <AdvertiserPage panel="agency" />,
    ),
    permittedRoute(
      'advertiser-users/single',
      'advertiser-users',
      'advertiserUser',
      <UserPage place={{ panel: 'agency', kind: 'advertiser' }} />,
    ),
    permittedRoute(
      'agency-users',
      'agency-users',
      'users',
      <UsersPage place={{ panel: 'agency', kind: 'agency' }} />,
    ),
    { path: 'activity-logs', element: <OrganisationActivityLogsPage kind="agency" /> },
    { path: 'support', element: <SupportPage panel="agency" /> },
    permittedRoute('payments', 'payments', 'payments', <OrganisationPaymentsPage kind="agency" />),
    permittedRoute(
      'reporting/advertisers/:advertiserId',
      'reports',
      'reporting',
      <AgencyAdvertiserReportPage />,
    ),
    permittedRoute('reporting', 'reports', 'reporting', <AgencyReportingPage />),
    { path: '*', element: <PanelNotFoundPage home="/panel/agency" /> },
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AgencyPanel() {
  return useRoutes([agencyRoutes]);
}

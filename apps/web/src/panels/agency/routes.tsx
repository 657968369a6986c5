import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { ClientSwitcher } from '../../features/agency-overview';
import { regulationGate } from '../../features/regulations';
import { lazyPage } from '../../shell/lazy-page';
import { agencyNav } from '../../shell/nav-items';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';
import { agencyTour } from './tour';

const OrganisationActivityLogsPage = lazyPage(() =>
  import('../../features/activity-logs/organisation-activity-logs-page').then(
    (m) => m.OrganisationActivityLogsPage,
  ),
);
const AdvertiserPage = lazyPage(() =>
  import('../../features/advertisers/advertiser-page').then((m) => m.AdvertiserPage),
);
const AdvertisersPage = lazyPage(() =>
  import('../../features/advertisers/advertisers-page').then((m) => m.AdvertisersPage),
);
const OwnAgencyPage = lazyPage(() =>
  import('../../features/agencies/own-agency-page').then((m) => m.OwnAgencyPage),
);
const AgencyOverviewPage = lazyPage(() =>
  import('../../features/agency-overview/agency-overview-page').then((m) => m.AgencyOverviewPage),
);
const AgencyReportingPage = lazyPage(() =>
  import('../../features/agency-reporting/agency-reporting-page').then((m) => m.AgencyReportingPage),
);
const MePage = lazyPage(() => import('../../features/me/me-page').then((m) => m.MePage));
const OrganisationPaymentsPage = lazyPage(() =>
  import('../../features/payments/organisation-payments-page').then((m) => m.OrganisationPaymentsPage),
);
const AgencyAdvertiserReportPage = lazyPage(() =>
  import('../../features/reports/agency-advertiser-report-page').then((m) => m.AgencyAdvertiserReportPage),
);
const SupportPage = lazyPage(() => import('../../features/support/support-page').then((m) => m.SupportPage));
const UserPage = lazyPage(() => import('../../features/users/user-page').then((m) => m.UserPage));
const UsersPage = lazyPage(() => import('../../features/users/users-page').then((m) => m.UsersPage));

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

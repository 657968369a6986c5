import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { OrganisationActivityLogsPage } from '../../features/activity-logs/organisation-activity-logs-page';
import { AdvertiserPage } from '../../features/advertisers/advertiser-page';
import { AdvertisersPage } from '../../features/advertisers/advertisers-page';
import { OwnAgencyPage } from '../../features/agencies/own-agency-page';
import { AgencyReportingPage } from '../../features/agency-reporting/agency-reporting-page';
import { MePage } from '../../features/me/me-page';
import { OrganisationUserPage } from '../../features/organisation-users/organisation-user-page';
import { TeamUsersPage } from '../../features/organisation-users/team-users-page';
import { OrganisationPaymentsPage } from '../../features/payments/organisation-payments-page';
import { AgencyAdvertiserReportPage } from '../../features/reports/agency-advertiser-report-page';
import { SupportPage } from '../../features/support/support-page';
import { agencyNav } from '../../shell/nav-items';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';
import { agencyTour } from './tour';

/** /panel/agency/... (spec section 2, 'Agency panel'). */
export const agencyRoutes: RouteObject = {
  element: <PanelLayout kind="agency" nav={agencyNav} tour={agencyTour} />,
  children: [
    { index: true, element: <PanelHome nav={agencyNav} /> },
    { path: 'me', element: <MePage kind="agency" /> },
    { path: 'agencies/me', element: <OwnAgencyPage /> },
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
      <OrganisationUserPage place={{ panel: 'agency', kind: 'advertiser' }} />,
    ),
    permittedRoute(
      'agency-users',
      'agency-users',
      'users',
      <TeamUsersPage place={{ panel: 'agency', kind: 'agency' }} />,
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

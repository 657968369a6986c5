import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { OrganisationActivityLogsPage } from '../../features/activity-logs/organisation-activity-logs-page';
import { OwnAdvertiserPage } from '../../features/advertisers/own-advertiser-page';
import { BannersPage } from '../../features/banners/banners-page';
import { CampaignPage } from '../../features/campaigns/campaign-page';
import { CampaignsPage } from '../../features/campaigns/campaigns-page';
import { IntegrationsPage } from '../../features/integrations/integrations-page';
import { MePage } from '../../features/me/me-page';
import { OrganisationUserPage } from '../../features/organisation-users/organisation-user-page';
import { TeamUsersPage } from '../../features/organisation-users/team-users-page';
import { OrganisationPaymentsPage } from '../../features/payments/organisation-payments-page';
import { ReportsPage } from '../../features/reports/reports-page';
import { IntegrationStatus } from '../../features/rtb-views/integration-status';
import { SupportPage } from '../../features/support/support-page';
import { advertiserNav } from '../../shell/nav-items';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';
import { advertiserTour } from './tour';

/** /panel/advertiser/... (spec section 2, 'Advertiser panel'). */
export const advertiserRoutes: RouteObject = {
  element: (
    <PanelLayout
      kind="advertiser"
      nav={advertiserNav}
      tour={advertiserTour}
      sidebar={<IntegrationStatus />}
    />
  ),
  children: [
    { index: true, element: <PanelHome nav={advertiserNav} /> },
    { path: 'me', element: <MePage kind="advertiser" /> },
    { path: 'advertisers/me', element: <OwnAdvertiserPage /> },
    permittedRoute(
      'advertiser-users',
      'advertiser-users',
      'users',
      <TeamUsersPage place={{ panel: 'advertiser', kind: 'advertiser' }} />,
    ),
    permittedRoute(
      'advertiser-users/single',
      'advertiser-users',
      'user',
      <OrganisationUserPage place={{ panel: 'advertiser', kind: 'advertiser' }} />,
    ),
    { path: 'activity-logs', element: <OrganisationActivityLogsPage kind="advertiser" /> },
    { path: 'support', element: <SupportPage panel="advertiser" /> },
    permittedRoute('banners', 'banners', 'banners', <BannersPage />),
    permittedRoute('campaigns', 'campaigns', 'campaigns', <CampaignsPage />),
    permittedRoute('campaigns/:campaignId', 'campaigns', 'campaigns', <CampaignPage />),
    permittedRoute('reports', 'reports', 'reporting', <ReportsPage />),
    permittedRoute('integrations', 'integrations', 'integrations', <IntegrationsPage />),
    { path: '*', element: <PanelNotFoundPage home="/panel/advertiser" /> },
    permittedRoute('payments', 'payments', 'payments', <OrganisationPaymentsPage kind="advertiser" />),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AdvertiserPanel() {
  return useRoutes([advertiserRoutes]);
}

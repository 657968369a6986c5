import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { OrganisationActivityLogsPage } from '../../features/activity-logs';
import { OwnAdvertiserPage } from '../../features/advertisers';
import { BannersPage } from '../../features/banners';
import { CampaignPage, CampaignsPage } from '../../features/campaigns';
import { IntegrationsPage } from '../../features/integrations';
import { MePage } from '../../features/me';
import { OrganisationPaymentsPage } from '../../features/payments';
import { AdvertiserHomePage, CampaignPerformance } from '../../features/performance';
import { regulationGate } from '../../features/regulations';
import { ReportsPage } from '../../features/reports';
import { IntegrationStatus } from '../../features/rtb-views';
import { SupportPage } from '../../features/support';
import { UserPage, UsersPage } from '../../features/users';
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
      gate={regulationGate}
    />
  ),
  children: [
    { index: true, element: <PanelHome nav={advertiserNav} /> },
    permittedRoute('home', 'reports', 'home', <AdvertiserHomePage />),
    { path: 'me', element: <MePage kind="advertiser" /> },
    { path: 'advertisers/me', element: <OwnAdvertiserPage /> },
    permittedRoute(
      'advertiser-users',
      'advertiser-users',
      'users',
      <UsersPage place={{ panel: 'advertiser', kind: 'advertiser' }} />,
    ),
    permittedRoute(
      'advertiser-users/single',
      'advertiser-users',
      'user',
      <UserPage place={{ panel: 'advertiser', kind: 'advertiser' }} />,
    ),
    { path: 'activity-logs', element: <OrganisationActivityLogsPage kind="advertiser" /> },
    { path: 'support', element: <SupportPage panel="advertiser" /> },
    permittedRoute('banners', 'banners', 'banners', <BannersPage />),
    permittedRoute('campaigns', 'campaigns', 'campaigns', <CampaignsPage />),
    permittedRoute(
      'campaigns/:campaignId',
      'campaigns',
      'campaigns',
      <CampaignPage performance={(campaign) => <CampaignPerformance campaign={campaign} />} />,
    ),
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

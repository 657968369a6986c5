import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { regulationGate } from '../../features/regulations';
import { IntegrationStatus } from '../../features/rtb-views';
import { lazyPage } from '../../shell/lazy-page';
import { advertiserNav } from '../../shell/nav-items';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';
import { advertiserTour } from './tour';

const OrganisationActivityLogsPage = lazyPage(() =>
  import('../../features/activity-logs/organisation-activity-logs-page').then(
    (m) => m.OrganisationActivityLogsPage,
  ),
);
const OwnAdvertiserPage = lazyPage(() =>
  import('../../features/advertisers/own-advertiser-page').then((m) => m.OwnAdvertiserPage),
);
const BannersPage = lazyPage(() => import('../../features/banners/banners-page').then((m) => m.BannersPage));
const CampaignPage = lazyPage(() =>
  import('../../features/campaigns/campaign-page').then((m) => m.CampaignPage),
);
const CampaignsPage = lazyPage(() =>
  import('../../features/campaigns/campaigns-page').then((m) => m.CampaignsPage),
);
const IntegrationsPage = lazyPage(() =>
  import('../../features/integrations/integrations-page').then((m) => m.IntegrationsPage),
);
const MePage = lazyPage(() => import('../../features/me/me-page').then((m) => m.MePage));
const OrganisationPaymentsPage = lazyPage(() =>
  import('../../features/payments/organisation-payments-page').then((m) => m.OrganisationPaymentsPage),
);
const AdvertiserHomePage = lazyPage(() =>
  import('../../features/performance/advertiser-home-page').then((m) => m.AdvertiserHomePage),
);
const CampaignPerformance = lazyPage(() =>
  import('../../features/performance/campaign-performance').then((m) => m.CampaignPerformance),
);
const ReportsPage = lazyPage(() => import('../../features/reports/reports-page').then((m) => m.ReportsPage));
const SupportPage = lazyPage(() => import('../../features/support/support-page').then((m) => m.SupportPage));
const UserPage = lazyPage(() => import('../../features/users/user-page').then((m) => m.UserPage));
const UsersPage = lazyPage(() => import('../../features/users/users-page').then((m) => m.UsersPage));

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

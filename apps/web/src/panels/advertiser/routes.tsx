import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { OrganisationActivityLogsPage } from '../../features/activity-logs/organisation-activity-logs-page';
import { OwnAdvertiserPage } from '../../features/advertisers/own-advertiser-page';
import { MePage } from '../../features/me/me-page';
import { advertiserNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/advertiser/... (spec section 2, 'Advertiser panel'). */
export const advertiserRoutes: RouteObject = {
  element: <PanelLayout kind="advertiser" nav={advertiserNav} />,
  children: [
    { index: true, element: <Navigate to="integrations" replace /> },
    { path: 'me', element: <MePage kind="advertiser" /> },
    { path: 'advertisers/me', element: <OwnAdvertiserPage /> },
    { path: 'activity-logs', element: <OrganisationActivityLogsPage kind="advertiser" /> },
    ...placeholderRoutes([
      ['integrations', 'integrations'],
      ['banners', 'banners'],
      ['campaigns', 'campaigns'],
      ['reports', 'reporting'],
      ['advertiser-users', 'users'],
      ['advertiser-users/single', 'user'],
      ['support', 'helpSupport'],
      ['payments', 'payments'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AdvertiserPanel() {
  return useRoutes([advertiserRoutes]);
}

import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { MePage } from '../../features/me/me-page';
import { SupportPage } from '../../features/support/support-page';
import { advertiserNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/advertiser/... (spec section 2, 'Advertiser panel'). */
export const advertiserRoutes: RouteObject = {
  element: <PanelLayout kind="advertiser" nav={advertiserNav} />,
  children: [
    { index: true, element: <Navigate to="integrations" replace /> },
    { path: 'me', element: <MePage kind="advertiser" /> },
    { path: 'support', element: <SupportPage panel="advertiser" /> },
    ...placeholderRoutes([
      ['integrations', 'integrations'],
      ['banners', 'banners'],
      ['campaigns', 'campaigns'],
      ['reports', 'reporting'],
      ['advertisers/me', 'advertiserProfile'],
      ['advertiser-users', 'users'],
      ['advertiser-users/single', 'user'],
      ['activity-logs', 'activityLogs'],
      ['payments', 'payments'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AdvertiserPanel() {
  return useRoutes([advertiserRoutes]);
}

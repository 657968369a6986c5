import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { MePage } from '../../features/me/me-page';
import { OrganisationUserPage } from '../../features/organisation-users/organisation-user-page';
import { TeamUsersPage } from '../../features/organisation-users/team-users-page';
import './texts';
import { advertiserNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/advertiser/... (spec section 2, 'Advertiser panel'). */
export const advertiserRoutes: RouteObject = {
  element: <PanelLayout kind="advertiser" nav={advertiserNav} />,
  children: [
    { index: true, element: <Navigate to="integrations" replace /> },
    { path: 'me', element: <MePage kind="advertiser" /> },
    {
      path: 'advertiser-users',
      element: (
        <RequirePermission resource="advertiser-users" titleKey="users">
          <TeamUsersPage place={{ panel: 'advertiser', kind: 'advertiser' }} />
        </RequirePermission>
      ),
    },
    {
      path: 'advertiser-users/single',
      element: (
        <RequirePermission resource="advertiser-users" titleKey="user">
          <OrganisationUserPage place={{ panel: 'advertiser', kind: 'advertiser' }} />
        </RequirePermission>
      ),
    },
    ...placeholderRoutes([
      ['integrations', 'integrations'],
      ['banners', 'banners'],
      ['campaigns', 'campaigns'],
      ['reports', 'reporting'],
      ['advertisers/me', 'advertiserProfile'],
      ['activity-logs', 'activityLogs'],
      ['support', 'helpSupport'],
      ['payments', 'payments'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AdvertiserPanel() {
  return useRoutes([advertiserRoutes]);
}

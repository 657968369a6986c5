import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { AdvertiserPage } from '../../features/advertisers/advertiser-page';
import { AdvertisersPage } from '../../features/advertisers/advertisers-page';
import { MePage } from '../../features/me/me-page';
import { OrganisationUserPage } from '../../features/organisation-users/organisation-user-page';
import { TeamUsersPage } from '../../features/organisation-users/team-users-page';
import './texts';
import { agencyNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/agency/... (spec section 2, 'Agency panel'). */
export const agencyRoutes: RouteObject = {
  element: <PanelLayout kind="agency" nav={agencyNav} />,
  children: [
    { index: true, element: <Navigate to="advertisers" replace /> },
    { path: 'me', element: <MePage kind="agency" /> },
    {
      path: 'advertisers',
      element: (
        <RequirePermission resource="advertisers" titleKey="advertisers">
          <AdvertisersPage panel="agency" />
        </RequirePermission>
      ),
    },
    {
      path: 'advertisers/:advertiserId',
      element: (
        <RequirePermission resource="advertisers" titleKey="advertiser">
          <AdvertiserPage panel="agency" />
        </RequirePermission>
      ),
    },
    {
      path: 'advertiser-users/single',
      element: (
        <RequirePermission resource="advertiser-users" titleKey="advertiserUser">
          <OrganisationUserPage place={{ panel: 'agency', kind: 'advertiser' }} />
        </RequirePermission>
      ),
    },
    {
      path: 'agency-users',
      element: (
        <RequirePermission resource="agency-users" titleKey="users">
          <TeamUsersPage place={{ panel: 'agency', kind: 'agency' }} />
        </RequirePermission>
      ),
    },
    ...placeholderRoutes([
      ['agencies/me', 'agencyProfile'],
      ['reporting', 'reporting'],
      ['activity-logs', 'activityLogs'],
      ['support', 'helpSupport'],
      ['payments', 'payments'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AgencyPanel() {
  return useRoutes([agencyRoutes]);
}

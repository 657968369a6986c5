import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { MePage } from '../../features/me/me-page';
import { adminNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/admin/... (spec section 2, 'Admin panel'). */
export const adminRoutes: RouteObject = {
  element: <PanelLayout kind="admin" nav={adminNav} />,
  children: [
    { index: true, element: <Navigate to="agencies" replace /> },
    { path: 'me', element: <MePage kind="admin" /> },
    ...placeholderRoutes([
      ['reports', 'reports'],
      ['admins', 'users'],
      ['admins/single', 'user'],
      ['agencies', 'agencies'],
      ['agencies/single', 'agency'],
      ['agency-users/single', 'agencyUser'],
      ['advertisers', 'advertisers'],
      ['advertisers/single', 'advertiser'],
      ['advertiser-users/single', 'advertiserUser'],
      ['configs', 'configuration'],
      ['countries/single', 'country'],
      ['currencies/single', 'currency'],
      ['locales/single', 'locale'],
      ['config-values/single', 'configValue'],
      ['payments', 'payments'],
      ['regulations/single', 'regulation'],
      ['support', 'helpSupport'],
      ['notifications', 'notifications'],
      ['activity-logs', 'activityLogs'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AdminPanel() {
  return useRoutes([adminRoutes]);
}

import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { ActivityLogsPage } from '../../features/activity-logs/activity-logs-page';
import { AdminUserPage } from '../../features/admin-users/admin-user-page';
import { AdminUsersPage } from '../../features/admin-users/admin-users-page';
import { AdvertiserPage } from '../../features/advertisers/advertiser-page';
import { AdvertisersPage } from '../../features/advertisers/advertisers-page';
import { AgenciesPage } from '../../features/agencies/agencies-page';
import { AgencyPage } from '../../features/agencies/agency-page';
import { ConfigValuePage } from '../../features/configuration/config-value-page';
import { ConfigurationPage } from '../../features/configuration/configuration-page';
import { CountryPage } from '../../features/configuration/country-page';
import { CurrencyPage } from '../../features/configuration/currency-page';
import { LocalePage } from '../../features/configuration/locale-page';
import { MePage } from '../../features/me/me-page';
import { NotificationsPage } from '../../features/notifications/notifications-page';
import { OrganisationUserPage } from '../../features/organisation-users/organisation-user-page';
import { RegulationPage } from '../../features/regulations/regulation-page';
import './texts';
import { adminNav } from '../../shell/nav-items';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/admin/... (spec section 2, 'Admin panel'). */
export const adminRoutes: RouteObject = {
  element: <PanelLayout kind="admin" nav={adminNav} />,
  children: [
    { index: true, element: <Navigate to="agencies" replace /> },
    { path: 'me', element: <MePage kind="admin" /> },
    { path: 'agencies', element: <AgenciesPage /> },
    { path: 'agencies/single', element: <AgencyPage /> },
    { path: 'advertisers', element: <AdvertisersPage panel="admin" /> },
    { path: 'advertisers/single', element: <AdvertiserPage panel="admin" /> },
    { path: 'admins', element: <AdminUsersPage /> },
    { path: 'admins/single', element: <AdminUserPage /> },
    { path: 'configs', element: <ConfigurationPage /> },
    { path: 'countries/single', element: <CountryPage /> },
    { path: 'currencies/single', element: <CurrencyPage /> },
    { path: 'locales/single', element: <LocalePage /> },
    { path: 'config-values/single', element: <ConfigValuePage /> },
    { path: 'activity-logs', element: <ActivityLogsPage /> },
    { path: 'notifications', element: <NotificationsPage /> },
    {
      path: 'agency-users/single',
      element: <OrganisationUserPage place={{ panel: 'admin', kind: 'agency' }} />,
    },
    {
      path: 'advertiser-users/single',
      element: <OrganisationUserPage place={{ panel: 'admin', kind: 'advertiser' }} />,
    },
    { path: 'regulations/single', element: <RegulationPage /> },
    ...placeholderRoutes([
      ['reports', 'reports'],
      ['payments', 'payments'],
      ['support', 'helpSupport'],
    ]),
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AdminPanel() {
  return useRoutes([adminRoutes]);
}

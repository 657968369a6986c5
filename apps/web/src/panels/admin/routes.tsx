import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoutes } from '../../auth/require-permission';
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
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';
import { placeholderRoutes } from '../placeholder-routes';

/** /panel/admin/... (spec section 2, 'Admin panel'). */
export const adminRoutes: RouteObject = {
  element: <PanelLayout kind="admin" nav={adminNav} />,
  children: [
    { index: true, element: <PanelHome nav={adminNav} /> },
    { path: 'me', element: <MePage kind="admin" /> },
    ...permittedRoutes('agencies', [
      ['agencies', 'agencies', <AgenciesPage />],
      ['agencies/single', 'agency', <AgencyPage />],
    ]),
    ...permittedRoutes('advertisers', [
      ['advertisers', 'advertisers', <AdvertisersPage />],
      ['advertisers/single', 'advertiser', <AdvertiserPage />],
    ]),
    ...permittedRoutes('admin-users', [
      ['admins', 'users', <AdminUsersPage />],
      ['admins/single', 'user', <AdminUserPage />],
    ]),
    ...permittedRoutes('configuration', [
      ['configs', 'configuration', <ConfigurationPage />],
      ['countries/single', 'country', <CountryPage />],
      ['currencies/single', 'currency', <CurrencyPage />],
      ['locales/single', 'locale', <LocalePage />],
      ['config-values/single', 'configValue', <ConfigValuePage />],
    ]),
    ...permittedRoutes('activity-logs', [['activity-logs', 'activityLogs', <ActivityLogsPage />]]),
    ...permittedRoutes('notifications', [['notifications', 'notifications', <NotificationsPage />]]),
    ...permittedRoutes('agency-users', [
      ['agency-users/single', 'agencyUser', <OrganisationUserPage kind="agency" />],
    ]),
    ...permittedRoutes('advertiser-users', [
      ['advertiser-users/single', 'advertiserUser', <OrganisationUserPage kind="advertiser" />],
    ]),
    ...permittedRoutes('regulations', [['regulations/single', 'regulation', <RegulationPage />]]),
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

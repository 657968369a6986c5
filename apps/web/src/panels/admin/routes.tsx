import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { ActivityLogsPage } from '../../features/activity-logs';
import { AdminReportsPage } from '../../features/admin-reports';
import { AdvertiserPage, AdvertisersPage } from '../../features/advertisers';
import { AgenciesPage, AgencyPage } from '../../features/agencies';
import {
  ConfigurationPage,
  ConfigValuePage,
  CountryPage,
  CurrencyPage,
  LocalePage,
} from '../../features/configuration';
import { DemoTrafficBanner } from '../../features/demo-traffic';
import { MePage } from '../../features/me';
import { NotificationsPage } from '../../features/notifications';
import { AdminPaymentsPage } from '../../features/payments';
import { RegulationPage } from '../../features/regulations';
import { AdminSupportPage } from '../../features/support';
import { UserPage, UsersPage } from '../../features/users';
import './texts';
import { adminNav } from '../../shell/nav-items';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';

/** The admin panel's own users. */
const admins = { panel: 'admin', kind: 'admin' } as const;

/** /panel/admin/... (spec section 2, 'Admin panel'). */
export const adminRoutes: RouteObject = {
  element: <PanelLayout kind="admin" nav={adminNav} banner={<DemoTrafficBanner />} />,
  children: [
    { index: true, element: <PanelHome nav={adminNav} /> },
    { path: 'me', element: <MePage kind="admin" /> },
    permittedRoute('agencies', 'agencies', 'agencies', <AgenciesPage />),
    permittedRoute('agencies/single', 'agencies', 'agency', <AgencyPage />),
    permittedRoute('advertisers', 'advertisers', 'advertisers', <AdvertisersPage panel="admin" />),
    permittedRoute('advertisers/single', 'advertisers', 'advertiser', <AdvertiserPage panel="admin" />),
    permittedRoute('admins', 'admin-users', 'users', <UsersPage place={admins} />),
    permittedRoute('admins/single', 'admin-users', 'user', <UserPage place={admins} />),
    permittedRoute('configs', 'configuration', 'configuration', <ConfigurationPage />),
    permittedRoute('countries/single', 'configuration', 'country', <CountryPage />),
    permittedRoute('currencies/single', 'configuration', 'currency', <CurrencyPage />),
    permittedRoute('locales/single', 'configuration', 'locale', <LocalePage />),
    permittedRoute('config-values/single', 'configuration', 'configValue', <ConfigValuePage />),
    permittedRoute('activity-logs', 'activity-logs', 'activityLogs', <ActivityLogsPage />),
    permittedRoute('notifications', 'notifications', 'notifications', <NotificationsPage />),
    permittedRoute(
      'agency-users/single',
      'agency-users',
      'agencyUser',
      <UserPage place={{ panel: 'admin', kind: 'agency' }} />,
    ),
    permittedRoute(
      'advertiser-users/single',
      'advertiser-users',
      'advertiserUser',
      <UserPage place={{ panel: 'admin', kind: 'advertiser' }} />,
    ),
    permittedRoute('regulations/single', 'regulations', 'regulation', <RegulationPage />),
    permittedRoute('support', 'support', 'helpSupport', <AdminSupportPage />),
    permittedRoute('payments', 'payments', 'payments', <AdminPaymentsPage />),
    permittedRoute('reports', 'reports', 'reports', <AdminReportsPage />),
    { path: '*', element: <PanelNotFoundPage home="/panel/admin" /> },
  ],
};

/** The panel's own routes under its prefix; lazily loaded, so it is a chunk of its own. */
export default function AdminPanel() {
  return useRoutes([adminRoutes]);
}

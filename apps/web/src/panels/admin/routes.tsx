import { type RouteObject, useRoutes } from 'react-router';
import { permittedRoute } from '../../auth/require-permission';
import { DemoTrafficBanner } from '../../features/demo-traffic';
import { lazyPage } from '../../shell/lazy-page';
import { adminNav } from '../../shell/nav-items';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { PanelHome } from '../../shell/panel-home';
import { PanelLayout } from '../../shell/panel-layout';

const ActivityLogsPage = lazyPage(() =>
  import('../../features/activity-logs/activity-logs-page').then((m) => m.ActivityLogsPage),
);
const AdminReportsPage = lazyPage(() =>
  import('../../features/admin-reports/admin-reports-page').then((m) => m.AdminReportsPage),
);
const AdvertiserPage = lazyPage(() =>
  import('../../features/advertisers/advertiser-page').then((m) => m.AdvertiserPage),
);
const AdvertisersPage = lazyPage(() =>
  import('../../features/advertisers/advertisers-page').then((m) => m.AdvertisersPage),
);
const AgenciesPage = lazyPage(() =>
  import('../../features/agencies/agencies-page').then((m) => m.AgenciesPage),
);
const AgencyPage = lazyPage(() => import('../../features/agencies/agency-page').then((m) => m.AgencyPage));
const ConfigurationPage = lazyPage(() =>
  import('../../features/configuration/configuration-page').then((m) => m.ConfigurationPage),
);
const ConfigValuePage = lazyPage(() =>
  import('../../features/configuration/config-value-page').then((m) => m.ConfigValuePage),
);
const CountryPage = lazyPage(() =>
  import('../../features/configuration/country-page').then((m) => m.CountryPage),
);
const CurrencyPage = lazyPage(() =>
  import('../../features/configuration/currency-page').then((m) => m.CurrencyPage),
);
const LocalePage = lazyPage(() =>
  import('../../features/configuration/locale-page').then((m) => m.LocalePage),
);
const MePage = lazyPage(() => import('../../features/me/me-page').then((m) => m.MePage));
const NotificationsPage = lazyPage(() =>
  import('../../features/notifications/notifications-page').then((m) => m.NotificationsPage),
);
const AdminPaymentsPage = lazyPage(() =>
  import('../../features/payments/admin-payments-page').then((m) => m.AdminPaymentsPage),
);
const PredictionModelsPage = lazyPage(() =>
  import('../../features/prediction-models/prediction-models-page').then((m) => m.PredictionModelsPage),
);
const RegulationPage = lazyPage(() =>
  import('../../features/regulations/regulation-page').then((m) => m.RegulationPage),
);
const AdminSupportPage = lazyPage(() =>
  import('../../features/support/admin-support-page').then((m) => m.AdminSupportPage),
);
const UserPage = lazyPage(() => import('../../features/users/user-page').then((m) => m.UserPage));
const UsersPage = lazyPage(() => import('../../features/users/users-page').then((m) => m.UsersPage));

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
    permittedRoute('prediction-models', 'configuration', 'predictionModels', <PredictionModelsPage />),
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

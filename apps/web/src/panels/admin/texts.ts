import { addTextBundles } from '../../lib/i18n';
import enActivityLogs from '../../locales/en/activity-logs.json';
import enAdminUsers from '../../locales/en/admin-users.json';
import enAdvertisers from '../../locales/en/advertisers.json';
import enAgencies from '../../locales/en/agencies.json';
import enConfiguration from '../../locales/en/configuration.json';
import enExternalApis from '../../locales/en/external-apis.json';
import enNotifications from '../../locales/en/notifications.json';
import enOrganisationUsers from '../../locales/en/organisation-users.json';
import enRoles from '../../locales/en/roles.json';
import plActivityLogs from '../../locales/pl/activity-logs.json';
import plAdminUsers from '../../locales/pl/admin-users.json';
import plAdvertisers from '../../locales/pl/advertisers.json';
import plAgencies from '../../locales/pl/agencies.json';
import plConfiguration from '../../locales/pl/configuration.json';
import plExternalApis from '../../locales/pl/external-apis.json';
import plNotifications from '../../locales/pl/notifications.json';
import plOrganisationUsers from '../../locales/pl/organisation-users.json';
import plRoles from '../../locales/pl/roles.json';

/** The admin panel's texts travel with its chunk, not with the login pages. */
addTextBundles({
  en: {
    'admin-users': enAdminUsers,
    configuration: enConfiguration,
    'activity-logs': enActivityLogs,
    notifications: enNotifications,
    'organisation-users': enOrganisationUsers,
    roles: enRoles,
    'external-apis': enExternalApis,
    agencies: enAgencies,
    advertisers: enAdvertisers,
  },
  pl: {
    'admin-users': plAdminUsers,
    configuration: plConfiguration,
    'activity-logs': plActivityLogs,
    notifications: plNotifications,
    'organisation-users': plOrganisationUsers,
    roles: plRoles,
    'external-apis': plExternalApis,
    agencies: plAgencies,
    advertisers: plAdvertisers,
  },
});

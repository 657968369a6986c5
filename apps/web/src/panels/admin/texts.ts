import { i18n } from '../../lib/i18n';
import enAdminUsers from '../../locales/en/admin-users.json';
import enConfiguration from '../../locales/en/configuration.json';
import enExternalApis from '../../locales/en/external-apis.json';
import enNotifications from '../../locales/en/notifications.json';
import enOrganisationUsers from '../../locales/en/organisation-users.json';
import enRoles from '../../locales/en/roles.json';
import plAdminUsers from '../../locales/pl/admin-users.json';
import plConfiguration from '../../locales/pl/configuration.json';
import plExternalApis from '../../locales/pl/external-apis.json';
import plNotifications from '../../locales/pl/notifications.json';
import plOrganisationUsers from '../../locales/pl/organisation-users.json';
import plRoles from '../../locales/pl/roles.json';

/**
 * The admin panel's texts travel with its chunk, not with the login pages. Features the other
 * panels use too register their own (their `texts.ts`).
 */
const bundles = {
  en: {
    'admin-users': enAdminUsers,
    configuration: enConfiguration,
    notifications: enNotifications,
    'organisation-users': enOrganisationUsers,
    roles: enRoles,
    'external-apis': enExternalApis,
  },
  pl: {
    'admin-users': plAdminUsers,
    configuration: plConfiguration,
    notifications: plNotifications,
    'organisation-users': plOrganisationUsers,
    roles: plRoles,
    'external-apis': plExternalApis,
  },
};
for (const [language, namespaces] of Object.entries(bundles)) {
  for (const [namespace, texts] of Object.entries(namespaces)) {
    i18n.addResourceBundle(language, namespace, texts, true, false);
  }
}

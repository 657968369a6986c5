import { i18n } from '../../lib/i18n';
import enActivityLogs from '../../locales/en/activity-logs.json';
import enAdminUsers from '../../locales/en/admin-users.json';
import enConfiguration from '../../locales/en/configuration.json';
import plActivityLogs from '../../locales/pl/activity-logs.json';
import plAdminUsers from '../../locales/pl/admin-users.json';
import plConfiguration from '../../locales/pl/configuration.json';

/** The admin panel's texts travel with its chunk, not with the login pages. */
const bundles = {
  en: { 'admin-users': enAdminUsers, configuration: enConfiguration, 'activity-logs': enActivityLogs },
  pl: { 'admin-users': plAdminUsers, configuration: plConfiguration, 'activity-logs': plActivityLogs },
};
for (const [language, namespaces] of Object.entries(bundles)) {
  for (const [namespace, texts] of Object.entries(namespaces)) {
    i18n.addResourceBundle(language, namespace, texts, true, false);
  }
}

import { registerTexts } from '../../lib/i18n';
import enConfiguration from '../../locales/en/configuration.json';
import enExternalApis from '../../locales/en/external-apis.json';
import enNotifications from '../../locales/en/notifications.json';
import enRoles from '../../locales/en/roles.json';
import plConfiguration from '../../locales/pl/configuration.json';
import plExternalApis from '../../locales/pl/external-apis.json';
import plNotifications from '../../locales/pl/notifications.json';
import plRoles from '../../locales/pl/roles.json';

/**
 * The texts of the admin panel's own features travel with its chunk, not with the login pages.
 * Features the other panels use too register their own (their `texts.ts`).
 */
registerTexts('configuration', { en: enConfiguration, pl: plConfiguration });
registerTexts('notifications', { en: enNotifications, pl: plNotifications });
registerTexts('roles', { en: enRoles, pl: plRoles });
registerTexts('external-apis', { en: enExternalApis, pl: plExternalApis });

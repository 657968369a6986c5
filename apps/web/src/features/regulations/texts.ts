import { i18n } from '../../lib/i18n';
import en from '../../locales/en/regulations.json';
import pl from '../../locales/pl/regulations.json';

/**
 * The regulations texts serve the public terms pages and every panel, so they travel with
 * this feature: added once i18next is set up (the public page is imported before that).
 */
function addBundles() {
  i18n.addResourceBundle('en', 'regulations', en, true, false);
  i18n.addResourceBundle('pl', 'regulations', pl, true, false);
}

if (i18n.isInitialized) addBundles();
else i18n.on('initialized', addBundles);
